// grid_sampler (Paddle 3's grid_sample): Output [N, C, Ho, Wo] takes X [N, C, H, W] at the
// points of Grid [N, Ho, Wo, 2], each (x, y) normalised to [-1, 1] (the corner pixels'
// centres with align_corners, their outer edges without). mode "bilinear" or "nearest"
// (rounded half away from zero); padding_mode "zeros" (points outside read 0), "border"
// (clamped) or "reflection" (mirrored at the edges, then clamped). A NaN or infinite grid
// point reads 0.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class GridSamplerOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  GridSamplerParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
