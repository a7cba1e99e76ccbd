// layer_norm: X is viewed as [left, right], split at `begin_norm_axis` (left = product of
// the dims before it, right = product of the rest); each row of `right` values becomes
// (x - mean) / sqrt(var + epsilon) * Scale + Bias with the row's mean and biased variance.
// Scale and Bias are optional [right] inputs; the Mean and Variance outputs ([left]) are
// optional, as inference programs often drop them.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class LayerNormOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  LayerNormParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
