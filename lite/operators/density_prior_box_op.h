// density_prior_box: for each cell of Input [N, C, H, W], fixed_sizes[i] x fixed_ratios boxes
// repeated on a densities[i] x densities[i] grid of centres inside the cell, normalised by
// Image's size. Boxes/Variances are [H, W, num_priors, 4] ([H*W*num_priors, 4] with
// flatten_to_2d), num_priors = sum_i fixed_ratios.size() * densities[i]^2.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class DensityPriorBoxOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  DensityPriorBoxParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
