#include "lite/operators/type_cast_ops.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool TypeCastOp::CheckShape() const {
  PLITE_CHECK(param_.x != nullptr && param_.out != nullptr, Type(),
              ": Input and Out are required");
  return true;
}

bool TypeCastOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool TypeCastOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "Input");
  param_.out = GetOutputTensor(desc, scope, "Out");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((io_copy, io_copy_once, calib, calib_once, layout, layout_once), paddle::lite::operators::TypeCastOp);
