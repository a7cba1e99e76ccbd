// batch_norm (inference) on fp16 tensors: each channel's (x - mean) * scale / sqrt(var + eps)
// + bias in fp16 registers (NormalizeRowFp16), the per-channel mean, gain and bias worked out
// in float and rounded once per run. A batch norm the fusions cannot fold into a conv (one
// after an activation, as in SqueezeNet-style fire modules) then stays between fp16
// convolutions instead of taking a calib cast on each side. Planes split over the pool.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cmath>
#include <vector>

#include "lite/backends/arm/math/fp16/convert_fp16.h"
#include "lite/backends/arm/math/fp16/elementwise_fp16.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/op_params.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

class BatchNormFp16Compute : public KernelLite<TargetType::kARM, PrecisionType::kFP16> {
 public:
  void Run() override {
    auto& param = Param<operators::BatchNormParam>();
    const DDim& dims = param.x->dims();
    const int64_t channels = dims[1];
    const int64_t inner = dims.count(2, dims.size());  // 1 for [N, C]
    ResizeScratch(&stats_, 3 * channels, "per-channel mean, gain and bias");
    ResizeScratch(&stats_fp16_, 3 * channels, "per-channel mean, gain and bias in fp16");
    const float* scale = param.scale->data<float>();
    const float* variance = param.variance->data<float>();
    std::copy_n(param.mean->data<float>(), channels, stats_.begin());
    for (int64_t c = 0; c < channels; ++c) {
      stats_[channels + c] = scale[c] / std::sqrt(variance[c] + param.epsilon);
    }
    std::copy_n(param.bias->data<float>(), channels, stats_.begin() + 2 * channels);
    math::FloatToFp16(stats_.data(), stats_fp16_.data(), 3 * channels);
    const float16* mean = stats_fp16_.data();
    const float16* gain = mean + channels;
    const float16* bias = gain + channels;

    const float16* x = param.x->data<float16>();
    float16* y = param.y->mutable_data<float16>();
    // About 16 K values a task before splitting pays.
    ParallelRanges(ctx(), dims[0] * channels,
                   std::max<int64_t>(1, (1 << 14) / std::max<int64_t>(1, inner)),
                   [&](int64_t begin, int64_t end) {
                     for (int64_t plane = begin; plane < end; ++plane) {
                       const int64_t c = plane % channels;
                       math::NormalizeRowFp16(x + plane * inner, mean + c, gain + c, bias + c,
                                              y + plane * inner, inner);
                     }
                   });
  }

 private:
  std::vector<float> stats_;
  std::vector<float16> stats_fp16_;
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

REGISTER_LITE_KERNEL(batch_norm, kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(BatchNormFp16Compute), def)
    .BindInput("X", {PLITE_ARM_FP16_TY})
    .BindInput("Scale", {PLITE_ARM_FP16_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FP16_FLOAT_TY})
    .BindInput("Mean", {PLITE_ARM_FP16_FLOAT_TY})
    .BindInput("Variance", {PLITE_ARM_FP16_FLOAT_TY})
    .BindOutput("Y", {PLITE_ARM_FP16_TY})
    .BindOutput("MeanOut", {PLITE_ARM_FP16_FLOAT_TY})
    .BindOutput("VarianceOut", {PLITE_ARM_FP16_FLOAT_TY})
    .BindOutput("SavedMean", {PLITE_ARM_FP16_FLOAT_TY})
    .BindOutput("SavedVariance", {PLITE_ARM_FP16_FLOAT_TY})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Finalize();
