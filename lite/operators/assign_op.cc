#include "lite/operators/assign_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool AssignOp::InferShapeImpl() const {
  param_.output->Resize(param_.x->dims());
  param_.output->set_lod(param_.x->lod());
  return true;
}

bool AssignOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = AssignParam();
  // assign has no attributes; X must be a tensor (tensor arrays are not supported here).
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(assign, paddle::lite::operators::AssignOp);
