// arg_max / arg_min on host, X float32, int32 or int64. X is viewed as [outer, n, inner]
// around the axis (with `flatten`: [1, numel, 1]); each of the outer*inner lines of n
// strided elements yields the index of its first maximum (minimum). Indices are written
// as int32 or int64 per the op's dtype.
#include <cstdint>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <bool kMin, typename T, typename Index>
void ArgLines(const T* x, int64_t outer, int64_t n, int64_t inner, Index* out) {
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t in = 0; in < inner; ++in) {
      const T* line = x + o * n * inner + in;
      int64_t best = 0;
      for (int64_t k = 1; k < n; ++k) {
        // strict: the first extreme wins
        if (kMin ? line[k * inner] < line[best * inner] : line[k * inner] > line[best * inner]) {
          best = k;
        }
      }
      out[o * inner + in] = static_cast<Index>(best);
    }
  }
}

template <typename T>
class ArgMaxCompute
    : public KernelLite<TargetType::kHost, PrecisionTypeTrait<T>::value, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::ArgMaxParam>();
    const DDim& dims = param.x->dims();
    int64_t outer = 1;
    int64_t n = dims.production();
    int64_t inner = 1;
    if (!param.flatten) {
      const int64_t rank = static_cast<int64_t>(dims.size());
      const size_t axis = static_cast<size_t>(param.axis < 0 ? param.axis + rank : param.axis);
      outer = dims.count(0, axis);
      n = dims[axis];
      inner = dims.count(axis + 1, dims.size());
    }
    PLITE_CHECK(n > 0 || outer * inner == 0, this->op_type(), ": the searched axis of X", dims,
                " is empty");
    const T* x = param.x->template data<T>();
    const bool min = this->op_type() == "arg_min";
    if (param.dtype == 2) {
      Lines(min, x, outer, n, inner, param.out->template mutable_data<int32_t>());
    } else {
      Lines(min, x, outer, n, inner, param.out->template mutable_data<int64_t>());
    }
  }

 private:
  template <typename Index>
  static void Lines(bool min, const T* x, int64_t outer, int64_t n, int64_t inner, Index* out) {
    if (min) {
      ArgLines<true>(x, outer, n, inner, out);
    } else {
      ArgLines<false>(x, outer, n, inner, out);
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_ARG_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(precision__), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((arg_max, arg_min), kHost, kFloat, kNCHW, paddle::lite::kernels::host::ArgMaxCompute<float>, def)
    .BindInput("X", {PLITE_ARG_TY(kFloat)})
    .BindOutput("Out", {PLITE_ARG_TY(kAny)})
    .Finalize();
REGISTER_LITE_KERNELS((arg_max, arg_min), kHost, kInt32, kNCHW, paddle::lite::kernels::host::ArgMaxCompute<int32_t>, int32)
    .BindInput("X", {PLITE_ARG_TY(kInt32)})
    .BindOutput("Out", {PLITE_ARG_TY(kAny)})
    .Finalize();
REGISTER_LITE_KERNELS((arg_max, arg_min), kHost, kInt64, kNCHW, paddle::lite::kernels::host::ArgMaxCompute<int64_t>, int64)
    .BindInput("X", {PLITE_ARG_TY(kInt64)})
    .BindOutput("Out", {PLITE_ARG_TY(kAny)})
    .Finalize();
