// nearest_interp(_v2) / bilinear_interp(_v2) on NCHW input. Output size, first match wins:
// the SizeTensor list, the OutSize tensor, the Scale tensor or `scale` attribute
// (out = int(in * scale)), the out_h/out_w attributes. (OutSize overrides a scale's size.)
#pragma once

#include <string>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// The resolved output size, and the scale that was given (-1 when none counts for the
// source ratio: no scale, a SizeTensor, or a v1 op).
struct InterpolatePlan {
  int out_h{0};
  int out_w{0};
  float scale_h{-1.f};
  float scale_w{-1.f};
};

InterpolatePlan PlanInterpolate(const InterpolateParam& param, const std::string& op);

class InterpolateOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override {
    return !param_.size_tensor.empty() || param_.out_size || param_.scale_tensor;
  }

 private:
  InterpolateParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
