// instance_norm: X [N, C, ...] (rank 2 to 5) normalised per (n, c) over the remaining dims:
// (x - mean) / sqrt(var + epsilon) * Scale[c] + Bias[c]. SavedMean and SavedVariance
// ([N*C], the latter holding 1 / sqrt(var + epsilon)) are optional outputs.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class InstanceNormOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  InstanceNormParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
