// layer_norm on host: each row of `right` values of X (viewed as [left, right]) is
// normalized with its own mean and biased variance, both taken in two passes (the mean
// first, then the squared deviations from it) so that rows far from zero keep precision.
#include <cmath>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/moments.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class LayerNormCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::LayerNormParam>();
    const DDim& dims = param.x->dims();
    const int64_t left = dims.count(0, param.begin_norm_axis);
    const int64_t right = dims.count(param.begin_norm_axis, dims.size());
    const float* x = param.x->data<float>();
    const float* scale = param.scale ? param.scale->data<float>() : nullptr;
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* y = param.y->mutable_data<float>();
    float* mean_out = param.mean ? param.mean->mutable_data<float>() : nullptr;
    float* var_out = param.variance ? param.variance->mutable_data<float>() : nullptr;
    for (int64_t r = 0; r < left; ++r) {
      const float* row = x + r * right;
      float* out = y + r * right;
      const Moments moments = MomentsOf(row, right);
      const double mean = moments.mean, var = moments.variance;
      const float inv_std = static_cast<float>(1.0 / std::sqrt(var + param.epsilon));
      for (int64_t i = 0; i < right; ++i) {
        float v = (row[i] - static_cast<float>(mean)) * inv_std;
        if (scale) v *= scale[i];
        if (bias) v += bias[i];
        out[i] = v;
      }
      if (mean_out) mean_out[r] = static_cast<float>(mean);
      if (var_out) var_out[r] = static_cast<float>(var);
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(layer_norm, kHost, kFloat, kNCHW, paddle::lite::kernels::host::LayerNormCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Y", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Mean", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Variance", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
