// fill_constant, fill_constant_batch_size_like, fill_any_like and assign_value on host:
// Out is written in the type the op's dtype names (bool, int8/16/32/64, uint8, float,
// double), so the kernels are registered for any precision.
#include <algorithm>
#include <cmath>
#include <type_traits>

#include "lite/backends/host/math/saturate.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/typed_dispatch.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {
// The one value of a ValueTensor, exact for integer tensors.
struct FillValue {
  double real;
  int64_t integer;
  bool exact_int;
};

FillValue ValueOf(const operators::FillConstantParam& p, const std::string& op) {
  if (!p.value_tensor) return {p.value, p.int_value, p.exact_int};
  FillValue v{0.0, 0, false};
  VisitPrecision(p.value_tensor->precision(), op, "ValueTensor", [&](auto tag) {
    using T = decltype(tag);
    const T x = p.value_tensor->data<T>()[0];
    v.real = static_cast<double>(x);
    if constexpr (std::is_integral_v<T>) {
      v.integer = static_cast<int64_t>(x);
      v.exact_int = true;
    }
  });
  return v;
}

template <typename T>
T Converted(const FillValue& v) {
  if constexpr (std::is_same_v<T, bool>) {
    return v.exact_int ? v.integer != 0 : v.real != 0.0;
  } else if constexpr (std::is_integral_v<T>) {
    // A real value truncates toward zero and saturates (NaN gives 0), as cast does.
    return v.exact_int ? static_cast<T>(v.integer)
                       : lite::host::math::SaturateToInteger<T>(std::trunc(v.real));
  } else {
    return static_cast<T>(v.real);
  }
}
}  // namespace

class FillConstantCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::FillConstantParam>();
    // fill_any_like's dtype -1 (kUnk here) means X's type.
    const PrecisionType dtype =
        param.dtype == PrecisionType::kUnk ? param.like->precision() : param.dtype;
    const FillValue v = ValueOf(param, op_type());
    VisitPrecision(dtype, op_type(), "Out", [&](auto tag) {
      using T = decltype(tag);
      T* out = param.out->mutable_data<T>();
      std::fill(out, out + param.out->numel(), Converted<T>(v));
    });
  }
};

class AssignValueCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::AssignValueParam>();
    VisitPrecision(param.dtype, op_type(), "Out", [&](auto tag) {
      using T = decltype(tag);
      T* out = param.out->mutable_data<T>();
      if constexpr (std::is_floating_point_v<T>) {
        std::copy(param.float_values.begin(), param.float_values.end(), out);
      } else {
        std::transform(param.int_values.begin(), param.int_values.end(), out,
                       [](int64_t x) { return static_cast<T>(x); });
      }
    });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_ANY_TY \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))
REGISTER_LITE_KERNEL(fill_constant, kHost, kAny, kAny, paddle::lite::kernels::host::FillConstantCompute, def)
    .BindInput("ValueTensor", {PLITE_ANY_TY})
    .BindInput("ShapeTensor", {PLITE_ANY_TY})
    .BindInput("ShapeTensorList", {PLITE_ANY_TY})
    .BindOutput("Out", {PLITE_ANY_TY})
    // Paddle's fill_constant v1 added the ValueTensor input (read above), v2 the place_type
    // attribute (a device choice; this kernel fills host memory whatever it says).
    .BindPaddleOpVersion("fill_constant", 2)
    .Finalize();
REGISTER_LITE_KERNEL(fill_constant_batch_size_like, kHost, kAny, kAny, paddle::lite::kernels::host::FillConstantCompute, def)
    .BindInput("Input", {PLITE_ANY_TY})
    .BindOutput("Out", {PLITE_ANY_TY})
    .Finalize();
REGISTER_LITE_KERNEL(fill_any_like, kHost, kAny, kAny, paddle::lite::kernels::host::FillConstantCompute, def)
    .BindInput("X", {PLITE_ANY_TY})
    .BindOutput("Out", {PLITE_ANY_TY})
    .Finalize();
REGISTER_LITE_KERNEL(assign_value, kHost, kAny, kAny, paddle::lite::kernels::host::AssignValueCompute, def)
    .BindOutput("Out", {PLITE_ANY_TY})
    .Finalize();
