// instance_norm on host, float32: X seen as [N*C, spatial]; each row normalised with its own
// mean and biased variance (two passes in double), then scaled and shifted by channel.
// SavedVariance receives 1 / sqrt(var + epsilon), as Paddle stores it.
#include <cmath>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/moments.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class InstanceNormCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& p = Param<operators::InstanceNormParam>();
    const DDim& dims = p.x->dims();
    const int64_t channels = dims[1];
    const int64_t rows = dims[0] * channels;
    const int64_t size = dims.count(2, dims.size());
    const float* x = p.x->data<float>();
    const float* scale = p.scale ? p.scale->data<float>() : nullptr;
    const float* bias = p.bias ? p.bias->data<float>() : nullptr;
    float* y = p.y->mutable_data<float>();
    float* mean_out = p.saved_mean ? p.saved_mean->mutable_data<float>() : nullptr;
    float* inv_std_out = p.saved_variance ? p.saved_variance->mutable_data<float>() : nullptr;
    if (p.y->numel() == 0) return;  // no looping over N*C empty rows
    for (int64_t r = 0; r < rows; ++r) {
      const float* in = x + r * size;
      float* out = y + r * size;
      const Moments moments = MomentsOf(in, size);
      const double mean = moments.mean, var = moments.variance;
      const float inv_std = static_cast<float>(1.0 / std::sqrt(var + p.epsilon));
      const int64_t c = r % channels;
      const float a = (scale ? scale[c] : 1.f) * inv_std;
      const float b = bias ? bias[c] : 0.f;
      const float m = static_cast<float>(mean);
      for (int64_t i = 0; i < size; ++i) out[i] = (in[i] - m) * a + b;
      if (mean_out) mean_out[r] = m;
      if (inv_std_out) inv_std_out[r] = inv_std;
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(instance_norm, kHost, kFloat, kNCHW, paddle::lite::kernels::host::InstanceNormCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Y", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("SavedMean", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("SavedVariance", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .Finalize();
