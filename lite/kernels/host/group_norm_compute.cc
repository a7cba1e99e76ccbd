// group_norm on host, float32, NCHW: per image the C channels form `groups` consecutive
// groups of C/groups channels; each group (its channels x spatial values) is normalised with
// its own mean and biased variance (two passes in double), then scaled and shifted per
// channel. Mean and Variance receive the statistics ([N, groups]).
#include <cmath>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/moments.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class GroupNormCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& p = Param<operators::GroupNormParam>();
    const DDim& dims = p.x->dims();
    const int64_t channels = dims[1];
    const int64_t group_channels = channels / p.groups;
    const int64_t spatial = dims.count(2, dims.size());
    const int64_t group_size = group_channels * spatial;  // values per (image, group)
    const int64_t num = dims[0] * p.groups;
    const float* x = p.x->data<float>();
    const float* scale = p.scale ? p.scale->data<float>() : nullptr;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    float* y = p.y->mutable_data<float>();
    float* mean_out = p.mean ? p.mean->mutable_data<float>() : nullptr;
    float* var_out = p.variance ? p.variance->mutable_data<float>() : nullptr;
    if (p.y->numel() == 0) return;  // no looping over N*groups empty groups
    for (int64_t g = 0; g < num; ++g) {
      const float* in = x + g * group_size;
      float* out = y + g * group_size;
      const Moments moments = MomentsOf(in, group_size);
      const double mean = moments.mean, var = moments.variance;
      const float inv_std = static_cast<float>(1.0 / std::sqrt(var + p.epsilon));
      const float m = static_cast<float>(mean);
      const int64_t first_channel = (g % p.groups) * group_channels;
      for (int64_t c = 0; c < group_channels; ++c) {
        const int64_t ch = first_channel + c;
        const float a = (scale ? scale[ch] : 1.f) * inv_std;
        const float b = bias ? bias[ch] : 0.f;
        for (int64_t i = c * spatial; i < (c + 1) * spatial; ++i) out[i] = (in[i] - m) * a + b;
      }
      if (mean_out) mean_out[g] = m;
      if (var_out) var_out[g] = static_cast<float>(var);
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(group_norm, kHost, kFloat, kNCHW, paddle::lite::kernels::host::GroupNormCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Y", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Mean", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Variance", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
