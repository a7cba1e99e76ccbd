// batch_norm on host (inference): normalizes each channel with the saved statistics.
// MeanOut/VarianceOut/SavedMean/SavedVariance are training outputs and are not written.
#include <cmath>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class BatchNormCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::BatchNormParam>();
    const DDim& dims = param.x->dims();
    const int64_t outer = dims[0];
    const int64_t channels = dims[1];
    const int64_t inner = dims.count(2, dims.size());  // 1 for [N, C]
    const float* scale = param.scale->data<float>();
    const float* bias = param.bias->data<float>();
    const float* mean = param.mean->data<float>();
    const float* variance = param.variance->data<float>();

    // y = (x - mean) * (scale / sqrt(var + eps)) + bias; subtracting the mean first keeps
    // precision when x is close to a large mean.
    std::vector<float> gain(channels);
    for (int64_t c = 0; c < channels; ++c) {
      gain[c] = scale[c] / std::sqrt(variance[c] + param.epsilon);
    }
    const float* x = param.x->data<float>();
    float* y = param.y->mutable_data<float>();
    for (int64_t n = 0; n < outer; ++n) {
      for (int64_t c = 0; c < channels; ++c) {
        const int64_t offset = (n * channels + c) * inner;
        for (int64_t i = 0; i < inner; ++i) {
          y[offset + i] = (x[offset + i] - mean[c]) * gain[c] + bias[c];
        }
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(batch_norm, kHost, kFloat, kNCHW, paddle::lite::kernels::host::BatchNormCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Mean", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Variance", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("Y", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("MeanOut", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("VarianceOut", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("SavedMean", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("SavedVariance", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .Finalize();
