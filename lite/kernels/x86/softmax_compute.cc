// softmax on x86, any axis. X is [outer, n, inner] around the axis. inner == 1 (the last
// axis): each row of n contiguous values is one vector pass (max, exp, scale). Otherwise
// each [n, inner] block is normalized down its columns 8 at a time, which reads memory in
// order instead of striding by inner. exp is the AVX2 polynomial (softmax_avx2.h) and
// the max is subtracted first, so large inputs cannot overflow. Registered for CPUs with
// AVX2+FMA; the host kernel is the reference.
#include <algorithm>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/softmax_avx2.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/parallel_ranges.h"
#include "lite/operators/op_params.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class SoftmaxCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::SoftmaxParam>();
    const DDim& dims = param.x->dims();
    const int rank = static_cast<int>(dims.size());
    PLITE_CHECK(rank >= 1 && param.axis >= -rank && param.axis < rank, "softmax: axis ",
                param.axis, " is out of range for X of rank ", rank);
    const size_t axis = static_cast<size_t>(param.axis < 0 ? param.axis + rank : param.axis);
    const int64_t outer = dims.count(0, axis);
    const int64_t n = dims[axis];
    const int64_t inner = dims.count(axis + 1, dims.size());
    const float* x = param.x->template data<float>();
    float* out = param.output->template mutable_data<float>();
    if (n <= 0 || outer * inner <= 0) return;
    // About 64 K elements per task before splitting pays.
    const int64_t min_rows = std::max<int64_t>(1, (1 << 16) / n);
    if (inner == 1) {
      ParallelRanges(ctx(), outer, min_rows, [&](int64_t begin, int64_t end) {
        for (int64_t o = begin; o < end; ++o) {
          lite::x86::math::SoftmaxRowAvx2(x + o * n, out + o * n, n);
        }
      });
    } else if (outer > 1) {
      ParallelRanges(ctx(), outer, std::max<int64_t>(1, min_rows / inner),
                     [&](int64_t begin, int64_t end) {
        for (int64_t o = begin; o < end; ++o) {
          lite::x86::math::SoftmaxColumnsAvx2(x + o * n * inner, out + o * n * inner, n, inner,
                                              inner);
        }
      });
    } else {  // one block: split its columns (in multiples of 8)
      const int64_t groups = (inner + 7) / 8;
      ParallelRanges(ctx(), groups, std::max<int64_t>(1, min_rows / 8),
                     [&](int64_t begin, int64_t end) {
        const int64_t c0 = begin * 8, c1 = std::min(end * 8, inner);
        lite::x86::math::SoftmaxColumnsAvx2(x + c0, out + c0, n, c1 - c0, inner);
      });
    }
  }
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNEL(softmax, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::SoftmaxCompute, def)
    .BindInput("X", {PLITE_X86_FLOAT_TY})
    .BindOutput("Out", {PLITE_X86_FLOAT_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
