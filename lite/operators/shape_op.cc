#include "lite/operators/shape_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool ShapeOp::CheckShape() const { return true; }

bool ShapeOp::InferShapeImpl() const {
  param_.out->Resize({static_cast<int64_t>(param_.x->dims().size())});
  return true;
}

bool ShapeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "Input");
  param_.out = GetOutputTensor(desc, scope, "Out");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(shape, paddle::lite::operators::ShapeOp);
