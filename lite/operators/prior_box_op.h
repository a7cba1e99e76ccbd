// prior_box (SSD): for each cell of Input [N, C, H, W], num_priors anchor boxes centred at
// ((w + offset) * step_w, (h + offset) * step_h) and normalised by Image's width and height.
// Boxes and Variances are [H, W, num_priors, 4]; num_priors = expanded aspect ratios x
// min_sizes (+ one sqrt(min * max) square per max size).
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class PriorBoxOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  PriorBoxParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
