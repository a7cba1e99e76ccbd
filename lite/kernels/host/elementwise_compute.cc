// elementwise_add/sub/mul/div on host: Out = act(X op Y) with Paddle's broadcasting.
// float32 kernels apply any fused activation; the int32/int64 kernels (used by shape
// arithmetic) accept a fused relu only, and integer division by zero is an error.
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/operators/activation_attrs.h"
#include "lite/operators/elementwise_ops.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

struct AddOp {
  static constexpr const char* kName = "elementwise_add";
  template <typename T>
  T operator()(T a, T b) const { return a + b; }
};
struct SubOp {
  static constexpr const char* kName = "elementwise_sub";
  template <typename T>
  T operator()(T a, T b) const { return a - b; }
};
struct MulOp {
  static constexpr const char* kName = "elementwise_mul";
  template <typename T>
  T operator()(T a, T b) const { return a * b; }
};
struct DivOp {
  static constexpr const char* kName = "elementwise_div";
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      // Integer division truncates toward zero (C++ semantics, as Paddle's kernel).
      PLITE_CHECK(b != 0, kName, ": integer division by zero");
    }
    return a / b;
  }
};

// Row-major strides of `dims`, with 0 for broadcast (size-1) dims so the same element
// is read for every output index along them.
inline std::vector<int64_t> BroadcastStrides(const std::vector<int64_t>& dims) {
  std::vector<int64_t> strides(dims.size(), 0);
  int64_t stride = 1;
  for (size_t i = dims.size(); i-- > 0;) {
    strides[i] = dims[i] == 1 ? 0 : stride;
    stride *= dims[i];
  }
  return strides;
}

template <typename T>
T ApplyIntegerActivation(T v, const operators::ActParam& act) {
  return act.type == operators::ActivationType::kRelu && v < 0 ? T(0) : v;
}

template <typename T, typename Op>
class ElementwiseCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::ElementwiseParam>();
    if constexpr (std::is_integral_v<T>) {
      PLITE_CHECK(param.act.type == operators::ActivationType::kNone ||
                      param.act.type == operators::ActivationType::kRelu,
                  Op::kName, ": integer kernels support only a fused relu");
    }
    const operators::BroadcastShape shape = operators::ElementwiseBroadcast(
        param.x->dims(), param.y->dims(), param.axis, Op::kName);
    const T* x = param.x->template data<T>();
    const T* y = param.y->template data<T>();
    T* out = param.out->template mutable_data<T>();

    const std::vector<int64_t> x_strides = BroadcastStrides(shape.x_dims);
    const std::vector<int64_t> y_strides = BroadcastStrides(shape.y_dims);
    const size_t rank = shape.out_dims.size();
    const int64_t count = param.out->numel();
    std::vector<int64_t> index(rank, 0);  // multi-index of the current output element
    Op op;
    for (int64_t i = 0; i < count; ++i) {
      int64_t xi = 0;
      int64_t yi = 0;
      for (size_t d = 0; d < rank; ++d) {
        xi += index[d] * x_strides[d];
        yi += index[d] * y_strides[d];
      }
      const T v = op(x[xi], y[yi]);
      if constexpr (std::is_integral_v<T>) {
        out[i] = ApplyIntegerActivation(v, param.act);
      } else {
        out[i] = operators::ApplyActivation(v, param.act);
      }
      for (size_t d = rank; d-- > 0;) {  // advance the multi-index, last dim fastest
        if (++index[d] < shape.out_dims[d]) break;
        index[d] = 0;
      }
    }
  }
};

using ElementwiseAddFloat = ElementwiseCompute<float, AddOp>;
using ElementwiseSubFloat = ElementwiseCompute<float, SubOp>;
using ElementwiseMulFloat = ElementwiseCompute<float, MulOp>;
using ElementwiseDivFloat = ElementwiseCompute<float, DivOp>;
using ElementwiseAddInt32 = ElementwiseCompute<int32_t, AddOp>;
using ElementwiseSubInt32 = ElementwiseCompute<int32_t, SubOp>;
using ElementwiseMulInt32 = ElementwiseCompute<int32_t, MulOp>;
using ElementwiseDivInt32 = ElementwiseCompute<int32_t, DivOp>;
using ElementwiseAddInt64 = ElementwiseCompute<int64_t, AddOp>;
using ElementwiseSubInt64 = ElementwiseCompute<int64_t, SubOp>;
using ElementwiseMulInt64 = ElementwiseCompute<int64_t, MulOp>;
using ElementwiseDivInt64 = ElementwiseCompute<int64_t, DivOp>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_ELEMENTWISE_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNEL(elementwise_add, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ElementwiseAddFloat, def)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_sub, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ElementwiseSubFloat, def)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_mul, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ElementwiseMulFloat, def)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_div, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ElementwiseDivFloat, def)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kFloat)})
    .Finalize();

REGISTER_LITE_KERNEL(elementwise_add, kHost, kInt32, kNCHW, paddle::lite::kernels::host::ElementwiseAddInt32, int32)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_sub, kHost, kInt32, kNCHW, paddle::lite::kernels::host::ElementwiseSubInt32, int32)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_mul, kHost, kInt32, kNCHW, paddle::lite::kernels::host::ElementwiseMulInt32, int32)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_div, kHost, kInt32, kNCHW, paddle::lite::kernels::host::ElementwiseDivInt32, int32)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt32)})
    .Finalize();

REGISTER_LITE_KERNEL(elementwise_add, kHost, kInt64, kNCHW, paddle::lite::kernels::host::ElementwiseAddInt64, int64)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt64)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_sub, kHost, kInt64, kNCHW, paddle::lite::kernels::host::ElementwiseSubInt64, int64)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt64)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_mul, kHost, kInt64, kNCHW, paddle::lite::kernels::host::ElementwiseMulInt64, int64)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt64)})
    .Finalize();
REGISTER_LITE_KERNEL(elementwise_div, kHost, kInt64, kNCHW, paddle::lite::kernels::host::ElementwiseDivInt64, int64)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt64)})
    .Finalize();
