// scale on host: Out = X * scale + bias, or (X + bias) * scale when !bias_after_scale.
// The integer kernels convert scale and bias to the element type first (truncating
// toward zero, as Paddle does), so the arithmetic stays exact integer arithmetic; it wraps
// around on overflow.
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "lite/backends/host/math/wrapping.h"
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// `value` as the element type; an integer kernel rejects a value it cannot represent.
template <typename T>
T ToElementType(float value, const char* what) {
  if constexpr (std::is_integral_v<T>) {
    const double v = value;
    PLITE_CHECK(std::isfinite(v) && v >= static_cast<double>(std::numeric_limits<T>::min()) &&
                    v < static_cast<double>(std::numeric_limits<T>::max()) + 1.0,
                "scale: ", what, " ", value, " does not fit the integer element type");
  }
  return static_cast<T>(value);
}

template <typename T>
class ScaleCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::ScaleParam>();
    const float scale_value =
        param.scale_tensor ? param.scale_tensor->template data<float>()[0] : param.scale;
    const T scale = ToElementType<T>(scale_value, "scale");
    const T bias = ToElementType<T>(param.bias, "bias");
    const T* x = param.x->template data<T>();
    T* out = param.output->template mutable_data<T>();
    const int64_t count = param.x->numel();
    using lite::host::math::WrapAdd;
    using lite::host::math::WrapMul;
    if (param.bias_after_scale) {
      for (int64_t i = 0; i < count; ++i) out[i] = WrapAdd(WrapMul(x[i], scale), bias);
    } else {
      for (int64_t i = 0; i < count; ++i) out[i] = WrapMul(WrapAdd(x[i], bias), scale);
    }
  }
};

using ScaleFloat = ScaleCompute<float>;
using ScaleInt32 = ScaleCompute<int32_t>;
using ScaleInt64 = ScaleCompute<int64_t>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_SCALE_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))
#define PLITE_SCALE_TENSOR_TY \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))

REGISTER_LITE_KERNEL(scale, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ScaleFloat, def)
    .BindInput("X", {PLITE_SCALE_TY(kFloat)})
    .BindInput("ScaleTensor", {PLITE_SCALE_TENSOR_TY})
    .BindOutput("Out", {PLITE_SCALE_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNEL(scale, kHost, kInt32, kNCHW, paddle::lite::kernels::host::ScaleInt32, int32)
    .BindInput("X", {PLITE_SCALE_TY(kInt32)})
    .BindInput("ScaleTensor", {PLITE_SCALE_TENSOR_TY})
    .BindOutput("Out", {PLITE_SCALE_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNEL(scale, kHost, kInt64, kNCHW, paddle::lite::kernels::host::ScaleInt64, int64)
    .BindInput("X", {PLITE_SCALE_TY(kInt64)})
    .BindInput("ScaleTensor", {PLITE_SCALE_TENSOR_TY})
    .BindOutput("Out", {PLITE_SCALE_TY(kInt64)})
    .Finalize();
