// clip on host: Out = X < min ? min : (X > max ? max : X), so NaN passes through. X float32,
// int32 or int64; Min / Max tensor bounds have X's type, the attributes are floats (cast
// to X's type, truncating as Paddle does, saturating where they do not fit).
#include <limits>
#include <string>
#include <type_traits>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename T>
class ClipCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::ClipParam>();
    const T lo = Bound(param.min_tensor, param.min, "Min");
    const T hi = Bound(param.max_tensor, param.max, "Max");
    PLITE_CHECK(lo <= hi, "clip: min (", lo, ") must not exceed max (", hi, ")");
    const T* x = param.x->template data<T>();
    T* out = param.out->template mutable_data<T>();
    const int64_t count = param.x->numel();
    for (int64_t i = 0; i < count; ++i) {
      out[i] = x[i] < lo ? lo : (x[i] > hi ? hi : x[i]);
    }
  }

 private:
  static T Bound(const Tensor* t, float attr, const char* name) {
    if (!t) return FromAttr(attr);
    PLITE_CHECK(t->precision() == PrecisionTypeTrait<T>::value, "clip: input ", name,
                " holds ", lite_api::PrecisionToStr(t->precision()), ", expected X's type ",
                lite_api::PrecisionToStr(PrecisionTypeTrait<T>::value));
    return t->template data<T>()[0];
  }

  // The float attribute in T; integers saturate (Paddle's Python API passes float32's
  // largest value as the default bound, which no int fits).
  static T FromAttr(float v) {
    if constexpr (std::is_integral_v<T>) {
      if (v >= static_cast<float>(std::numeric_limits<T>::max())) {
        return std::numeric_limits<T>::max();
      }
      if (v <= static_cast<float>(std::numeric_limits<T>::lowest())) {
        return std::numeric_limits<T>::lowest();
      }
    }
    return static_cast<T>(v);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_CLIP_TY(precision__, layout__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(layout__))

REGISTER_LITE_KERNEL(clip, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ClipCompute<float>, def)
    .BindInput("X", {PLITE_CLIP_TY(kFloat, kNCHW)})
    .BindInput("Min", {PLITE_CLIP_TY(kFloat, kAny)})
    .BindInput("Max", {PLITE_CLIP_TY(kFloat, kAny)})
    .BindOutput("Out", {PLITE_CLIP_TY(kFloat, kNCHW)})
    .Finalize();
REGISTER_LITE_KERNEL(clip, kHost, kInt32, kNCHW, paddle::lite::kernels::host::ClipCompute<int32_t>, int32)
    .BindInput("X", {PLITE_CLIP_TY(kInt32, kNCHW)})
    .BindInput("Min", {PLITE_CLIP_TY(kInt32, kAny)})
    .BindInput("Max", {PLITE_CLIP_TY(kInt32, kAny)})
    .BindOutput("Out", {PLITE_CLIP_TY(kInt32, kNCHW)})
    .Finalize();
REGISTER_LITE_KERNEL(clip, kHost, kInt64, kNCHW, paddle::lite::kernels::host::ClipCompute<int64_t>, int64)
    .BindInput("X", {PLITE_CLIP_TY(kInt64, kNCHW)})
    .BindInput("Min", {PLITE_CLIP_TY(kInt64, kAny)})
    .BindInput("Max", {PLITE_CLIP_TY(kInt64, kAny)})
    .BindOutput("Out", {PLITE_CLIP_TY(kInt64, kNCHW)})
    .Finalize();
