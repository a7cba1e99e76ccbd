// elementwise_add/sub/mul/div on host: Out = act(X op Y) with Paddle's broadcasting.
// float32 kernels apply any fused activation; the int32/int64 kernels (used by shape
// arithmetic) accept a fused relu only, and integer division by zero is an error.
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "lite/backends/host/math/wrapping.h"
#include "lite/core/op_registry.h"
#include "lite/operators/elementwise_ops.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// Integer results wrap around in two's complement (lite/backends/host/math/wrapping.h).
struct AddOp {
  static constexpr const char* kName = "elementwise_add";
  template <typename T>
  T operator()(T a, T b) const { return lite::host::math::WrapAdd(a, b); }
};
struct SubOp {
  static constexpr const char* kName = "elementwise_sub";
  template <typename T>
  T operator()(T a, T b) const { return lite::host::math::WrapSub(a, b); }
};
struct MulOp {
  static constexpr const char* kName = "elementwise_mul";
  template <typename T>
  T operator()(T a, T b) const { return lite::host::math::WrapMul(a, b); }
};
struct DivOp {
  static constexpr const char* kName = "elementwise_div";
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      // Integer division truncates toward zero (C++ semantics, as Paddle's kernel); the
      // one overflowing quotient, lowest / -1, wraps to lowest.
      PLITE_CHECK(b != 0, kName, ": integer division by zero");
      if (b == -1) return lite::host::math::WrapSub(T(0), a);
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
T ApplyIntegerActivation(T v, const Activation& act) {
  return act.kind == ActivationType::kRelu && v < 0 ? T(0) : v;
}

template <typename T, typename Op>
void Compute(const operators::ElementwiseParam& param) {
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
      out[i] = ApplyActivation(v, param.act);
    }
    for (size_t d = rank; d-- > 0;) {  // advance the multi-index, last dim fastest
      if (++index[d] < shape.out_dims[d]) break;
      index[d] = 0;
    }
  }
}

// One kernel class per element type for the op types of the family; the loop of the kernel's
// op type is picked once.
template <typename T>
class ElementwiseCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void PrepareForRun() override {
    const std::string& type = this->op_type();
    if (type == AddOp::kName) {
      compute_ = Compute<T, AddOp>;
    } else if (type == SubOp::kName) {
      compute_ = Compute<T, SubOp>;
    } else if (type == MulOp::kName) {
      compute_ = Compute<T, MulOp>;
    } else if (type == DivOp::kName) {
      compute_ = Compute<T, DivOp>;
    } else {
      PLITE_THROW("host elementwise kernel: no loop for op type '", type, "'");
    }
  }

  void Run() override {
    auto& param = this->template Param<operators::ElementwiseParam>();
    if constexpr (std::is_integral_v<T>) {
      PLITE_CHECK(param.act.kind == ActivationType::kNone ||
                      param.act.kind == ActivationType::kRelu,
                  this->op_type(), ": integer kernels support only a fused relu");
    }
    compute_(param);
  }

 private:
  void (*compute_)(const operators::ElementwiseParam&) = nullptr;
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_ELEMENTWISE_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div), kHost, kFloat, kNCHW, paddle::lite::kernels::host::ElementwiseCompute<float>, def)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div), kHost, kInt32, kNCHW, paddle::lite::kernels::host::ElementwiseCompute<int32_t>, int32)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div), kHost, kInt64, kNCHW, paddle::lite::kernels::host::ElementwiseCompute<int64_t>, int64)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt64)})
    .Finalize();
