// stack / unstack on host: for each outer slice (dims before the axis), runs of `inner`
// elements are laid side by side or taken apart. Elements are moved as bits, so every
// precision works (float, int32, int64, bool, ...).
#include <algorithm>

#include "lite/core/op_registry.h"
#include "lite/kernels/host/typed_dispatch.h"
#include "lite/operators/op_params.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class StackCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::StackParam>();
    const DDim& in_dims = param.x[0]->dims();
    const int axis = operators::NormalizeAxis(param.axis, in_dims.size() + 1, op_type(), "axis");
    const int64_t outer = in_dims.count(0, axis);
    const int64_t inner = in_dims.count(axis, in_dims.size());
    const PrecisionType p = param.x[0]->precision();
    VisitElementBits(p, op_type(), "X", [&](auto bits) {
      using U = decltype(bits);
      U* out = MutableBitsOf<U>(param.y, p);
      const int64_t n = static_cast<int64_t>(param.x.size());
      for (int64_t i = 0; i < n; ++i) {
        PLITE_CHECK(param.x[i]->precision() == p, "op '", op_type(), "': X[", i,
                    "] is not of X[0]'s type ", lite_api::PrecisionToStr(p));
        const U* in = BitsOf<U>(*param.x[i]);
        for (int64_t o = 0; o < outer; ++o) {
          std::copy(in + o * inner, in + (o + 1) * inner, out + (o * n + i) * inner);
        }
      }
    });
  }
};

class UnstackCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::UnstackParam>();
    const DDim& in_dims = param.x->dims();
    const int axis = operators::NormalizeAxis(param.axis, in_dims.size(), op_type(), "axis");
    const int64_t outer = in_dims.count(0, axis);
    const int64_t inner = in_dims.count(axis + 1, in_dims.size());
    const int64_t n = in_dims[axis];
    const PrecisionType p = param.x->precision();
    VisitElementBits(p, op_type(), "X", [&](auto bits) {
      using U = decltype(bits);
      const U* in = BitsOf<U>(*param.x);
      for (int64_t i = 0; i < n; ++i) {
        U* out = MutableBitsOf<U>(param.y[i], p);
        for (int64_t o = 0; o < outer; ++o) {
          const U* src = in + (o * n + i) * inner;
          std::copy(src, src + inner, out + o * inner);
        }
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
REGISTER_LITE_KERNEL(stack, kHost, kAny, kAny, paddle::lite::kernels::host::StackCompute, def)
    .BindInput("X", {PLITE_ANY_TY})
    .BindOutput("Y", {PLITE_ANY_TY})
    .Finalize();
REGISTER_LITE_KERNEL(unstack, kHost, kAny, kAny, paddle::lite::kernels::host::UnstackCompute, def)
    .BindInput("X", {PLITE_ANY_TY})
    .BindOutput("Y", {PLITE_ANY_TY})
    .Finalize();
