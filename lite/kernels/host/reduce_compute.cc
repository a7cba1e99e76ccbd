// reduce_sum / mean / max / min / prod on host: float32 (all five) and int32 / int64 (all
// but mean). Each input element is folded into the output element its coordinates give
// once the reduced ones are zeroed. Integer sums and products wrap around; float sums
// accumulate in double. An empty reduction gives 0 (sum), 1 (prod), NaN (mean) and is an
// error for max / min.
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "lite/backends/host/math/wrapping.h"
#include "lite/core/op_registry.h"
#include "lite/operators/reduce_ops.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

enum class ReduceKind { kSum, kMean, kMax, kMin, kProd };

// Paddle's VarType number of T (2 int32, 3 int64, 5 float32).
template <typename T>
constexpr int VarTypeOf() {
  return std::is_same_v<T, int32_t> ? 2 : (std::is_same_v<T, int64_t> ? 3 : 5);
}

template <typename T>
class ReduceCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
  // float sums in double; integers in their own type (wrapping)
  using Acc = std::conditional_t<std::is_floating_point_v<T>, double, T>;

 public:
  void PrepareForRun() override {
    const std::string& type = this->op_type();
    if (type == "reduce_sum") {
      kind_ = ReduceKind::kSum;
    } else if (type == "reduce_mean") {
      kind_ = ReduceKind::kMean;
    } else if (type == "reduce_max") {
      kind_ = ReduceKind::kMax;
    } else if (type == "reduce_min") {
      kind_ = ReduceKind::kMin;
    } else if (type == "reduce_prod") {
      kind_ = ReduceKind::kProd;
    } else {
      PLITE_THROW("host reduce kernel: no loop for op type '", type, "'");
    }
  }

  void Run() override {
    auto& param = this->template Param<operators::ReduceParam>();
    const std::string& type = this->op_type();
    for (int dtype : {param.in_dtype, param.out_dtype}) {
      PLITE_CHECK(dtype == -1 || dtype == VarTypeOf<T>(), "op '", type, "': dtype ", dtype,
                  " differs from X's ", lite_api::PrecisionToStr(param.x->precision()),
                  " (casting is not supported)");
    }
    const DDim& dims = param.x->dims();
    const size_t rank = dims.size();
    const std::vector<bool> reduced = operators::ReducedAxes(param, rank, type);

    // Strides into the output (keep_dim layout), 0 along reduced dims.
    std::vector<int64_t> out_stride(rank, 0);
    int64_t out_count = 1;
    for (size_t d = rank; d-- > 0;) {
      if (!reduced[d]) {
        out_stride[d] = out_count;
        out_count *= dims[d];
      }
    }
    const int64_t count = dims.production();
    const int64_t per_out = out_count == 0 ? 0 : count / out_count;
    PLITE_CHECK(per_out > 0 || out_count == 0 ||
                    (kind_ != ReduceKind::kMax && kind_ != ReduceKind::kMin),
                "op '", type, "': the reduced dims of X", dims, " are empty");

    std::vector<Acc> acc(static_cast<size_t>(out_count), Init());
    const T* x = param.x->template data<T>();
    std::vector<int64_t> index(rank, 0);
    int64_t o = 0;  // output offset of the current input element
    for (int64_t i = 0; i < count; ++i) {
      acc[o] = Fold(acc[o], static_cast<Acc>(x[i]));
      for (size_t d = rank; d-- > 0;) {  // advance the multi-index, last dim fastest
        o += out_stride[d];
        if (++index[d] < dims[d]) break;
        o -= out_stride[d] * dims[d];
        index[d] = 0;
      }
    }
    T* out = param.out->template mutable_data<T>();
    for (int64_t j = 0; j < out_count; ++j) {
      out[j] = kind_ == ReduceKind::kMean ? static_cast<T>(acc[j] / static_cast<Acc>(per_out))
                                          : static_cast<T>(acc[j]);
    }
  }

 private:
  Acc Init() const {
    switch (kind_) {
      case ReduceKind::kProd:
        return Acc(1);
      case ReduceKind::kMax:
        return std::numeric_limits<T>::has_infinity ? -std::numeric_limits<Acc>::infinity()
                                                    : std::numeric_limits<Acc>::lowest();
      case ReduceKind::kMin:
        return std::numeric_limits<T>::has_infinity ? std::numeric_limits<Acc>::infinity()
                                                    : std::numeric_limits<Acc>::max();
      default:
        return Acc(0);
    }
  }

  Acc Fold(Acc a, Acc v) const {
    switch (kind_) {
      case ReduceKind::kProd:
        return lite::host::math::WrapMul(a, v);
      case ReduceKind::kMax:
        return v > a ? v : a;
      case ReduceKind::kMin:
        return v < a ? v : a;
      default:
        return lite::host::math::WrapAdd(a, v);
    }
  }

  ReduceKind kind_{ReduceKind::kSum};
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_REDUCE_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((reduce_sum, reduce_mean, reduce_max, reduce_min, reduce_prod), kHost, kFloat, kNCHW, paddle::lite::kernels::host::ReduceCompute<float>, def)
    .BindInput("X", {PLITE_REDUCE_TY(kFloat)})
    .BindOutput("Out", {PLITE_REDUCE_TY(kFloat)})
    .Finalize();
REGISTER_LITE_KERNELS((reduce_sum, reduce_max, reduce_min, reduce_prod), kHost, kInt32, kNCHW, paddle::lite::kernels::host::ReduceCompute<int32_t>, int32)
    .BindInput("X", {PLITE_REDUCE_TY(kInt32)})
    .BindOutput("Out", {PLITE_REDUCE_TY(kInt32)})
    .Finalize();
REGISTER_LITE_KERNELS((reduce_sum, reduce_max, reduce_min, reduce_prod), kHost, kInt64, kNCHW, paddle::lite::kernels::host::ReduceCompute<int64_t>, int64)
    .BindInput("X", {PLITE_REDUCE_TY(kInt64)})
    .BindOutput("Out", {PLITE_REDUCE_TY(kInt64)})
    .Finalize();
