// cast on host. The source type is the input tensor's own precision when it carries one
// (the data is what it is), otherwise the `in_dtype` attribute. Conversions:
// - to bool: value != 0; from bool: 0 or 1.
// - fp16 goes through float (round to nearest even when narrowing to fp16).
// - floating point to integer truncates toward zero, as C++ and Paddle do; values outside
//   the integer range saturate to its limits and NaN becomes 0 (a plain C++ cast would be
//   undefined there).
// - integer to narrower integer keeps the low bits (two's complement wrap-around).
#include <cmath>
#include <cstdint>
#include <type_traits>

#include "lite/backends/host/math/saturate.h"
#include "lite/core/op_registry.h"
#include "lite/operators/cast_op.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename Out, typename In>
Out ConvertValue(In v) {
  if constexpr (std::is_same_v<In, float16>) {
    return ConvertValue<Out>(HalfToFloat(v));
  } else if constexpr (std::is_same_v<Out, float16>) {
    return FloatToHalf(static_cast<float>(v));
  } else if constexpr (std::is_same_v<Out, bool>) {
    return v != In(0);
  } else if constexpr (std::is_floating_point_v<In> && std::is_integral_v<Out>) {
    return lite::host::math::SaturateToInteger<Out>(std::trunc(static_cast<double>(v)));
  } else {
    return static_cast<Out>(v);
  }
}

template <typename In, typename Out>
void ConvertAll(const Tensor& x, Tensor* out) {
  const In* src = x.data<In>();
  Out* dst = out->mutable_data<Out>();
  const int64_t count = x.numel();
  for (int64_t i = 0; i < count; ++i) dst[i] = ConvertValue<Out>(src[i]);
}

template <typename In>
void CastFrom(const Tensor& x, PrecisionType to, Tensor* out) {
  switch (to) {
    case PrecisionType::kBool: return ConvertAll<In, bool>(x, out);
    case PrecisionType::kInt16: return ConvertAll<In, int16_t>(x, out);
    case PrecisionType::kInt32: return ConvertAll<In, int32_t>(x, out);
    case PrecisionType::kInt64: return ConvertAll<In, int64_t>(x, out);
    case PrecisionType::kFP16: return ConvertAll<In, float16>(x, out);
    case PrecisionType::kFloat: return ConvertAll<In, float>(x, out);
    case PrecisionType::kFP64: return ConvertAll<In, double>(x, out);
    case PrecisionType::kUInt8: return ConvertAll<In, uint8_t>(x, out);
    case PrecisionType::kInt8: return ConvertAll<In, int8_t>(x, out);
    default: PLITE_THROW("cast: unsupported output type ", lite_api::PrecisionToStr(to));
  }
}

class CastCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::CastParam>();
    const PrecisionType declared = operators::CastDtypeToPrecision(param.in_dtype);
    const PrecisionType actual = param.x->precision();
    const bool actual_known = actual != PrecisionType::kUnk && actual != PrecisionType::kAny;
    const PrecisionType from = actual_known ? actual : declared;
    const PrecisionType to = operators::CastDtypeToPrecision(param.out_dtype);
    const Tensor& x = *param.x;
    Tensor* out = param.out;
    switch (from) {
      case PrecisionType::kBool: return CastFrom<bool>(x, to, out);
      case PrecisionType::kInt16: return CastFrom<int16_t>(x, to, out);
      case PrecisionType::kInt32: return CastFrom<int32_t>(x, to, out);
      case PrecisionType::kInt64: return CastFrom<int64_t>(x, to, out);
      case PrecisionType::kFP16: return CastFrom<float16>(x, to, out);
      case PrecisionType::kFloat: return CastFrom<float>(x, to, out);
      case PrecisionType::kFP64: return CastFrom<double>(x, to, out);
      case PrecisionType::kUInt8: return CastFrom<uint8_t>(x, to, out);
      case PrecisionType::kInt8: return CastFrom<int8_t>(x, to, out);
      default: PLITE_THROW("cast: unsupported input type ", lite_api::PrecisionToStr(from));
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(cast, kHost, kAny, kAny, paddle::lite::kernels::host::CastCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
