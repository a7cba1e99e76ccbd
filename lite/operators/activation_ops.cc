#include "lite/operators/activation_ops.h"

#include "lite/core/op_registry.h"
#include "lite/operators/activation_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

bool ActivationOp::CheckShape() const {
  PLITE_CHECK(param_.x != nullptr && param_.out != nullptr, Type(), ": X and Out are required");
  return true;
}

bool ActivationOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool ActivationOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.act = ReadActivation(desc.Type(), desc);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid, swish, tanh, gelu, exp, abs, log, softplus, mish), paddle::lite::operators::ActivationOp);
