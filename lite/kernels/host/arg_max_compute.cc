// arg_max on host. X is viewed as [outer, n, inner] around the axis (with `flatten`:
// [1, numel, 1]); each of the outer*inner lines of n strided elements yields the index of
// its first maximum. Indices are written as int32 or int64 per the op's dtype.
#include <cstdint>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename Index>
void ArgMaxLines(const float* x, int64_t outer, int64_t n, int64_t inner, Index* out) {
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t in = 0; in < inner; ++in) {
      const float* line = x + o * n * inner + in;
      int64_t best = 0;
      for (int64_t k = 1; k < n; ++k) {
        if (line[k * inner] > line[best * inner]) best = k;  // strict: first max wins
      }
      out[o * inner + in] = static_cast<Index>(best);
    }
  }
}

class ArgMaxCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::ArgMaxParam>();
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
    PLITE_CHECK(n > 0 || outer * inner == 0, "arg_max: the searched axis of X", dims,
                " is empty");
    const float* x = param.x->data<float>();
    if (param.dtype == 2) {
      ArgMaxLines(x, outer, n, inner, param.out->mutable_data<int32_t>());
    } else {
      ArgMaxLines(x, outer, n, inner, param.out->mutable_data<int64_t>());
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(arg_max, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ArgMaxCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kNCHW))})
    .Finalize();
