// top_k / top_k_v2 on host, X float32, int32 or int64; Indices int64. Each line along the
// axis is partially sorted: by value (NaN counts as larger than every number, as in
// Paddle's CPU kernel), then by index, so ties keep the lower index first.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/operators/tensor_values.h"
#include "lite/operators/top_k_op.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename T>
bool IsNan(T v) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(v);
  } else {
    return false;
  }
}

// a before b in the order wanted: larger first (`largest`) or smaller first, NaN the
// largest value.
template <typename T>
bool Before(T a, T b, bool largest) {
  if (largest) return (IsNan(a) && !IsNan(b)) || a > b;
  return (!IsNan(a) && IsNan(b)) || a < b;
}

template <typename T>
class TopKCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::TopKParam>();
    const DDim& dims = param.x->dims();
    const int axis = operators::NormalizeAxis(param.axis, dims.size(), this->op_type(), "axis");
    const int64_t n = dims[axis];
    const int64_t k = operators::ResolveTopK(param, n, this->op_type());
    const int64_t outer = dims.count(0, axis);
    const int64_t inner = dims.count(axis + 1, dims.size());
    const T* x = param.x->template data<T>();
    T* out = param.out->template mutable_data<T>();
    int64_t* indices = param.indices->template mutable_data<int64_t>();
    const bool largest = param.largest;

    std::vector<int64_t> order(static_cast<size_t>(n));
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t in = 0; in < inner; ++in) {
        const T* line = x + o * n * inner + in;
        for (int64_t j = 0; j < n; ++j) order[j] = j;
        std::partial_sort(order.begin(), order.begin() + k, order.end(),
                          [&](int64_t a, int64_t b) {
                            const T va = line[a * inner], vb = line[b * inner];
                            if (Before(va, vb, largest)) return true;
                            if (Before(vb, va, largest)) return false;
                            return a < b;
                          });
        for (int64_t j = 0; j < k; ++j) {
          const int64_t at = (o * k + j) * inner + in;
          out[at] = line[order[j] * inner];
          indices[at] = order[j];
        }
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_TOPK_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))
#define PLITE_TOPK_K_TY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))

REGISTER_LITE_KERNELS((top_k, top_k_v2), kHost, kFloat, kNCHW, paddle::lite::kernels::host::TopKCompute<float>, def)
    .BindInput("X", {PLITE_TOPK_TY(kFloat)})
    .BindInput("K", {PLITE_TOPK_K_TY})
    .BindOutput("Out", {PLITE_TOPK_TY(kFloat)})
    .BindOutput("Indices", {PLITE_TOPK_TY(kInt64)})
    .Finalize();
REGISTER_LITE_KERNELS((top_k, top_k_v2), kHost, kInt32, kNCHW, paddle::lite::kernels::host::TopKCompute<int32_t>, int32)
    .BindInput("X", {PLITE_TOPK_TY(kInt32)})
    .BindInput("K", {PLITE_TOPK_K_TY})
    .BindOutput("Out", {PLITE_TOPK_TY(kInt32)})
    .BindOutput("Indices", {PLITE_TOPK_TY(kInt64)})
    .Finalize();
REGISTER_LITE_KERNELS((top_k, top_k_v2), kHost, kInt64, kNCHW, paddle::lite::kernels::host::TopKCompute<int64_t>, int64)
    .BindInput("X", {PLITE_TOPK_TY(kInt64)})
    .BindInput("K", {PLITE_TOPK_K_TY})
    .BindOutput("Out", {PLITE_TOPK_TY(kInt64)})
    .BindOutput("Indices", {PLITE_TOPK_TY(kInt64)})
    .Finalize();
