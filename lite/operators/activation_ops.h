// Standalone activations: relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid, swish,
// tanh, gelu, exp, abs, and (host only, never fused) log, softplus, mish. One op class
// registered under each type; the op type selects the activation and its Paddle attributes
// (activation_attrs.h), which are checked at load.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ActivationOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;
  bool ComputesInPlace() const override { return true; }

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  ActivationParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
