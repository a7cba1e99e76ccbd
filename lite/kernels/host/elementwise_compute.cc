// elementwise_add/sub/mul/div/pow/max/min/floordiv/mod on host: Out = act(X op Y) with
// Paddle's broadcasting. float32 kernels apply any fused activation; the int32/int64
// kernels (used by shape arithmetic) accept a fused relu only, and integer division (and
// modulo) by zero is an error.
#include <cmath>
#include <cstdint>
#include <limits>
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

// Paddle's pow: std::pow for floats. For integers the exact power with two's-complement
// wrap-around (Paddle's CPU kernel goes through double, exact below 2^53); a negative
// exponent truncates 1 / a^-b toward zero, and 0 to a negative power is an error.
struct PowOp {
  static constexpr const char* kName = "elementwise_pow";
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      if (b < 0) {
        PLITE_CHECK(a != 0, kName, ": 0 raised to the negative power ", b);
        if (a == 1) return 1;
        if (a == -1) return (b % 2 == 0) ? 1 : -1;
        return 0;
      }
      T result = 1;
      T base = a;
      for (T e = b; e > 0; e /= 2) {
        if (e % 2 == 1) result = lite::host::math::WrapMul(result, base);
        base = lite::host::math::WrapMul(base, base);
      }
      return result;
    } else {
      return std::pow(a, b);
    }
  }
};
// Paddle's MaxFunctor / MinFunctor (a NaN in Y is returned, one in X is not).
struct MaxOp {
  static constexpr const char* kName = "elementwise_max";
  template <typename T>
  T operator()(T a, T b) const { return a > b ? a : b; }
};
struct MinOp {
  static constexpr const char* kName = "elementwise_min";
  template <typename T>
  T operator()(T a, T b) const { return a < b ? a : b; }
};
// floor(a / b), rounding toward negative infinity as Paddle 2.6+ does (older Paddle
// truncated integer quotients toward zero; the two differ only for operands of opposite
// sign). Floats follow Python's float floordiv: from fmod, so that a == b * q + r exactly.
struct FloorDivOp {
  static constexpr const char* kName = "elementwise_floordiv";
  template <typename T>
  T operator()(T a, T b) const {
    if constexpr (std::is_integral_v<T>) {
      PLITE_CHECK(b != 0, kName, ": integer division by zero");
      if (b == -1) return lite::host::math::WrapSub(T(0), a);  // lowest / -1 wraps
      const T q = a / b;
      return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
    } else {
      if (b == 0) return a / b;  // inf or NaN, as IEEE division
      const T mod = std::fmod(a, b);
      T div = (a - mod) / b;
      if (mod != 0 && ((b < 0) != (mod < 0))) div -= 1;
      if (div == 0) return std::copysign(T(0), a / b);
      T floor_div = std::floor(div);
      if (div - floor_div > T(0.5)) floor_div += 1;
      return floor_div;
    }
  }
};
// Paddle's mod: the remainder takes the sign of the divisor (Python's %), for integers and
// floats alike.
struct ModOp {
  static constexpr const char* kName = "elementwise_mod";
  template <typename T>
  T operator()(T a, T b) const {
    T r;
    if constexpr (std::is_integral_v<T>) {
      PLITE_CHECK(b != 0, kName, ": integer division by zero");
      r = b == -1 ? T(0) : a % b;  // lowest % -1 overflows in C++
    } else {
      r = std::fmod(a, b);
    }
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
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
    } else if (type == PowOp::kName) {
      compute_ = Compute<T, PowOp>;
    } else if (type == MaxOp::kName) {
      compute_ = Compute<T, MaxOp>;
    } else if (type == MinOp::kName) {
      compute_ = Compute<T, MinOp>;
    } else if (type == FloorDivOp::kName) {
      compute_ = Compute<T, FloorDivOp>;
    } else if (type == ModOp::kName) {
      compute_ = Compute<T, ModOp>;
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

REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_pow, elementwise_max, elementwise_min, elementwise_floordiv, elementwise_mod), kHost, kFloat, kNCHW, paddle::lite::kernels::host::ElementwiseCompute<float>, def)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kFloat)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_pow, elementwise_max, elementwise_min, elementwise_floordiv, elementwise_mod), kHost, kInt32, kNCHW, paddle::lite::kernels::host::ElementwiseCompute<int32_t>, int32)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt32)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_pow, elementwise_max, elementwise_min, elementwise_floordiv, elementwise_mod), kHost, kInt64, kNCHW, paddle::lite::kernels::host::ElementwiseCompute<int64_t>, int64)
    .BindInput("X", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindInput("Y", {PLITE_ELEMENTWISE_TY(kInt64)})
    .BindOutput("Out", {PLITE_ELEMENTWISE_TY(kInt64)})
    .Finalize();
