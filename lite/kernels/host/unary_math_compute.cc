// sqrt, rsqrt, square, pow on host, float32 (square also int32 / int64, wrapping around as
// Paddle's integer kernels do on the hardware). Negative inputs of sqrt / rsqrt give NaN,
// as in Paddle.
#include <cmath>
#include <string>

#include "lite/backends/host/math/wrapping.h"
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class UnaryMathCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void PrepareForRun() override {
    const std::string& type = op_type();
    PLITE_CHECK(type == "sqrt" || type == "rsqrt" || type == "square" || type == "pow",
                "host unary math kernel: no loop for op type '", type, "'");
  }

  void Run() override {
    auto& param = Param<operators::UnaryMathParam>();
    const float* x = param.x->data<float>();
    float* out = param.out->mutable_data<float>();
    const int64_t n = param.x->numel();
    const std::string& type = op_type();
    if (type == "sqrt") {
      for (int64_t i = 0; i < n; ++i) out[i] = std::sqrt(x[i]);
    } else if (type == "rsqrt") {
      for (int64_t i = 0; i < n; ++i) out[i] = 1.f / std::sqrt(x[i]);
    } else if (type == "square") {
      for (int64_t i = 0; i < n; ++i) out[i] = x[i] * x[i];
    } else {
      float factor = param.factor;
      if (param.factor_tensor) {
        factor = operators::ReadFloatValues(*param.factor_tensor, "pow", "FactorTensor")[0];
      }
      for (int64_t i = 0; i < n; ++i) out[i] = std::pow(x[i], factor);
    }
  }
};

template <typename T>
class SquareIntCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::UnaryMathParam>();
    const T* x = param.x->template data<T>();
    T* out = param.out->template mutable_data<T>();
    const int64_t n = param.x->numel();
    for (int64_t i = 0; i < n; ++i) out[i] = lite::host::math::WrapMul(x[i], x[i]);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_UNARY_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((sqrt, rsqrt, square), kHost, kFloat, kNCHW, paddle::lite::kernels::host::UnaryMathCompute, def)
    .BindInput("X", {PLITE_UNARY_TY(kFloat)})
    .BindOutput("Out", {PLITE_UNARY_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNEL(pow, kHost, kFloat, kNCHW, paddle::lite::kernels::host::UnaryMathCompute, def)
    .BindInput("X", {PLITE_UNARY_TY(kFloat)})
    .BindInput("FactorTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindOutput("Out", {PLITE_UNARY_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNEL(square, kHost, kInt32, kNCHW, paddle::lite::kernels::host::SquareIntCompute<int32_t>, int32)
    .BindInput("X", {PLITE_UNARY_TY(kInt32)})
    .BindOutput("Out", {PLITE_UNARY_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNEL(square, kHost, kInt64, kNCHW, paddle::lite::kernels::host::SquareIntCompute<int64_t>, int64)
    .BindInput("X", {PLITE_UNARY_TY(kInt64)})
    .BindOutput("Out", {PLITE_UNARY_TY(kInt64)})
    .Finalize();
