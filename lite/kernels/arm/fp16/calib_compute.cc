// calib / calib_once on ARM between fp32 and fp16, by NEON's conversions (round to nearest
// even, as the host calib kernels; lite/backends/arm/math/fp16/convert_fp16.h), split over
// the predictor's pool. With an ARM place among the valid places the precision cast pass
// takes these over the host ones (it prefers the cast kernel of the earliest valid target).
// Layout is kept.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include <cstdint>

#include "lite/backends/arm/math/fp16/convert_fp16.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

// A task converts at least this many values: a pool hand-off costs about as much.
constexpr int64_t kMinValuesPerTask = int64_t{1} << 17;

template <typename From, typename To, void (*Convert)(const From*, To*, long long)>
class CalibCompute
    : public KernelLite<TargetType::kARM, PrecisionTypeTrait<To>::value, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const From* x = param.x->template data<From>();
    To* out = param.out->template mutable_data<To>();
    ParallelRanges(this->ctx(), param.x->numel(), kMinValuesPerTask,
                   [&](int64_t begin, int64_t end) { Convert(x + begin, out + begin, end - begin); });
    param.out->set_layout(param.x->layout());
  }
};

using CalibFp32ToFp16 = CalibCompute<float, float16, lite::arm::math::FloatToFp16>;
using CalibFp16ToFp32 = CalibCompute<float16, float, lite::arm::math::Fp16ToFloat>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_CALIB_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(precision__), DATALAYOUT(kAny))
REGISTER_LITE_KERNELS((calib, calib_once), kARM, kFP16, kAny, PLITE_ARM_KERNEL(CalibFp32ToFp16), fp32_to_fp16)
    .BindInput("Input", {PLITE_ARM_CALIB_TY(kFloat)})
    .BindOutput("Out", {PLITE_ARM_CALIB_TY(kFP16)})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kARM, kFloat, kAny, PLITE_ARM_KERNEL(CalibFp16ToFp32), fp16_to_fp32)
    .BindInput("Input", {PLITE_ARM_CALIB_TY(kFP16)})
    .BindOutput("Out", {PLITE_ARM_CALIB_TY(kFloat)})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Finalize();
