// calib / calib_once on host: precision casts the optimizer inserts (fp32 <-> int32,
// fp32 <-> int64, fp32 <-> fp16). Each kernel declares exactly its source and destination
// precision and is registered under the destination precision; layout is kept.
// Rounding:
// - fp32 -> int32/int64 rounds to the nearest integer, halfway cases away from zero
//   (std::round: 2.5 -> 3, -2.5 -> -3); values beyond the integer range saturate to its
//   limits and NaN becomes 0.
// - fp32 -> fp16 rounds to nearest even (lite/utils/float16.h); beyond fp16 range -> inf.
// - int -> fp32 rounds to nearest even for magnitudes above 2^24 (plain conversion).
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "lite/backends/host/math/saturate.h"
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename To, typename From>
To CalibValue(From v) {
  if constexpr (std::is_same_v<To, float16>) {
    return FloatToHalf(v);
  } else if constexpr (std::is_same_v<From, float16>) {
    return HalfToFloat(v);
  } else if constexpr (std::is_integral_v<To>) {
    return lite::host::math::SaturateToInteger<To>(std::round(static_cast<double>(v)));
  } else {
    return static_cast<To>(v);
  }
}

template <typename From, typename To>
class CalibCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<To>::value, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const From* src = param.x->template data<From>();
    To* dst = param.out->template mutable_data<To>();
    const int64_t count = param.x->numel();
    for (int64_t i = 0; i < count; ++i) dst[i] = CalibValue<To>(src[i]);
    param.out->set_layout(param.x->layout());
  }
};

using CalibFp32ToInt32 = CalibCompute<float, int32_t>;
using CalibInt32ToFp32 = CalibCompute<int32_t, float>;
using CalibFp32ToInt64 = CalibCompute<float, int64_t>;
using CalibInt64ToFp32 = CalibCompute<int64_t, float>;
using CalibFp32ToFp16 = CalibCompute<float, float16>;
using CalibFp16ToFp32 = CalibCompute<float16, float>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_CALIB_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kAny))

REGISTER_LITE_KERNELS((calib, calib_once), kHost, kInt32, kAny, paddle::lite::kernels::host::CalibFp32ToInt32, fp32_to_int32)
    .BindInput("Input", {PLITE_CALIB_TY(kFloat)})
    .BindOutput("Out", {PLITE_CALIB_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kHost, kFloat, kAny, paddle::lite::kernels::host::CalibInt32ToFp32, int32_to_fp32)
    .BindInput("Input", {PLITE_CALIB_TY(kInt32)})
    .BindOutput("Out", {PLITE_CALIB_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kHost, kInt64, kAny, paddle::lite::kernels::host::CalibFp32ToInt64, fp32_to_int64)
    .BindInput("Input", {PLITE_CALIB_TY(kFloat)})
    .BindOutput("Out", {PLITE_CALIB_TY(kInt64)})
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kHost, kFloat, kAny, paddle::lite::kernels::host::CalibInt64ToFp32, int64_to_fp32)
    .BindInput("Input", {PLITE_CALIB_TY(kInt64)})
    .BindOutput("Out", {PLITE_CALIB_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kHost, kFP16, kAny, paddle::lite::kernels::host::CalibFp32ToFp16, fp32_to_fp16)
    .BindInput("Input", {PLITE_CALIB_TY(kFloat)})
    .BindOutput("Out", {PLITE_CALIB_TY(kFP16)})
    .Finalize();
REGISTER_LITE_KERNELS((calib, calib_once), kHost, kFloat, kAny, paddle::lite::kernels::host::CalibFp16ToFp32, fp16_to_fp32)
    .BindInput("Input", {PLITE_CALIB_TY(kFP16)})
    .BindOutput("Out", {PLITE_CALIB_TY(kFloat)})
    .Finalize();
