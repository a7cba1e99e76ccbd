// cumsum on host (float32, int32, int64): for each (outer, inner) line along the axis, a
// running sum in the line's direction (backwards with `reverse`), written before adding
// the element when `exclusive`.
#include <type_traits>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/typed_dispatch.h"
#include "lite/operators/op_params.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// Integer sums wrap around (two's complement) instead of overflowing, which C++ leaves
// undefined.
template <typename T>
T Add(T a, T b) {
  if constexpr (std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(a) + static_cast<U>(b));
  } else {
    return static_cast<T>(a + b);
  }
}

class CumsumCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::CumsumParam>();
    const DDim& xd = param.x->dims();
    int64_t outer = 1, len = param.x->numel(), inner = 1;
    if (!param.flatten) {
      const int axis = operators::NormalizeAxis(param.axis, xd.size(), op_type(), "axis");
      outer = xd.count(0, axis);
      len = xd[axis];
      inner = xd.count(axis + 1, xd.size());
    }
    const PrecisionType p = param.x->precision();
    PLITE_CHECK(p == PrecisionType::kFloat || p == PrecisionType::kInt32 ||
                    p == PrecisionType::kInt64 || p == PrecisionType::kFP64,
                "op '", op_type(), "': X of type ", lite_api::PrecisionToStr(p),
                " is not supported (float32, float64, int32, int64)");
    VisitPrecision(p, op_type(), "X", [&](auto tag) {
      using T = decltype(tag);
      const T* in = param.x->data<T>();
      T* out = param.out->mutable_data<T>();
      for (int64_t o = 0; o < outer; ++o) {
        for (int64_t i = 0; i < inner; ++i) {
          T sum = 0;
          for (int64_t k = 0; k < len; ++k) {
            const int64_t at = (o * len + (param.reverse ? len - 1 - k : k)) * inner + i;
            if (param.exclusive) out[at] = sum;
            sum = Add(sum, in[at]);
            if (!param.exclusive) out[at] = sum;
          }
        }
      }
    });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(cumsum, kHost, kAny, kAny, paddle::lite::kernels::host::CumsumCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
