// batch_norm at inference (NCHW, or [N, C] / [N, C, ...]):
//   Y = (X - Mean) / sqrt(Variance + epsilon) * Scale + Bias, per channel (dim 1).
#pragma once

#include <string>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class BatchNormOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;
  // MeanOut/VarianceOut/SavedMean/SavedVariance are training outputs.
  bool WritesOutput(const std::string& param) const override { return param == "Y"; }

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  BatchNormParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
