// sqrt, rsqrt, square and pow: element-wise math that is not an activation kind (the
// activation vocabulary has no such kinds), so it runs as its own op family on host.
// pow raises X to `factor` (float attribute, default 1), or to the value of the optional
// one-element FactorTensor input when given. Out has X's dims and LoD.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class UnaryMathOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;
  bool ComputesInPlace() const override { return true; }

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  UnaryMathParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
