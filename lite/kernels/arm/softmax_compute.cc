// softmax on ARM, any axis. X is [outer, n, inner] around the axis. inner == 1 (the last
// axis): each row of n contiguous values is one vector pass (max, exp, scale). Otherwise
// each [n, inner] block is normalized down its columns 4 at a time, which reads memory in
// order instead of striding by inner (lite/backends/arm/math/softmax.h). The host kernel is
// the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/softmax.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

class SoftmaxCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
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
    const float* x = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    if (n <= 0 || outer * inner <= 0) return;
    // About 16 K elements per task (an exp apiece) before splitting pays.
    const int64_t min_rows = std::max<int64_t>(1, (1 << 14) / n);
    if (inner == 1) {
      ParallelRanges(ctx(), outer, min_rows, [&](int64_t begin, int64_t end) {
        for (int64_t o = begin; o < end; ++o) math::SoftmaxRow(x + o * n, out + o * n, n);
      });
    } else if (outer > 1) {
      ParallelRanges(ctx(), outer, std::max<int64_t>(1, min_rows / inner),
                     [&](int64_t begin, int64_t end) {
                       for (int64_t o = begin; o < end; ++o) {
                         math::SoftmaxColumns(x + o * n * inner, out + o * n * inner, n, inner,
                                              inner);
                       }
                     });
    } else {  // one block: split its columns (in groups of 4)
      const int64_t groups = (inner + 3) / 4;
      ParallelRanges(ctx(), groups, std::max<int64_t>(1, min_rows / 4),
                     [&](int64_t begin, int64_t end) {
                       const int64_t c0 = begin * 4, c1 = std::min(end * 4, inner);
                       math::SoftmaxColumns(x + c0, out + c0, n, c1 - c0, inner);
                     });
    }
  }
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNEL(softmax, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(SoftmaxCompute), def)
    .BindInput("X", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
