// slice (float) on x86: the region is read as contiguous runs, one memcpy each. A run is the
// innermost dim that is cut (its extent) times every full dim after it; the dims before it
// are walked. Runs split over the predictor's pool when the region is big enough. The host
// kernel (one element at a time, also int32/int64) is the reference.
#include <cstring>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/copy_threads.h"
#include "lite/operators/op_params.h"
#include "lite/operators/slice_op.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class SliceCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::SliceParam>();
    const DDim& in_dims = param.x->dims();
    const operators::SliceRegion r = operators::ResolveSliceRegion(param, in_dims, op_type());
    const float* in = param.x->data<float>();
    float* out = param.out->mutable_data<float>();
    const int rank = static_cast<int>(in_dims.size());
    const int64_t total = param.out->numel();
    if (total == 0) return;

    // The run: dims from `cut` on are copied whole per outer index.
    int cut = rank - 1;
    int64_t run = 1;
    while (cut > 0 && r.starts[cut] == 0 && r.ends[cut] == in_dims[cut]) {
      run *= in_dims[cut];
      --cut;
    }
    if (rank > 0) run *= r.ends[cut] - r.starts[cut];
    // Every dim's start goes into the base offset; the outer dims 0..cut-1 are then walked.
    std::vector<int64_t> in_stride(rank, 1);
    for (int d = rank - 1; d > 0; --d) in_stride[d - 1] = in_stride[d] * in_dims[d];
    int64_t base = 0;
    for (int d = 0; d < rank; ++d) base += r.starts[d] * in_stride[d];
    const int64_t runs = total / run;
    const int tasks = CopyThreads(ctx(), 2 * total * static_cast<int64_t>(sizeof(float)), runs);
    ParallelTasks(ctx(), tasks, [&](int t) {
      int64_t begin, end;
      TaskRange(runs, t, tasks, &begin, &end);
      for (int64_t k = begin; k < end; ++k) {
        // Run k's index over the outer dims 0..cut-1 (row-major over their extents).
        int64_t rest = k, offset = base;
        for (int d = cut - 1; d >= 0; --d) {
          const int64_t extent = r.ends[d] - r.starts[d];
          offset += (rest % extent) * in_stride[d];
          rest /= extent;
        }
        std::memcpy(out + k * run, in + offset, run * sizeof(float));
      }
    });
  }
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_TY(precision__) \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(precision__), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNEL(slice, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::SliceCompute, def)
    .BindInput("Input", {PLITE_X86_TY(kFloat)})
    .BindInput("StartsTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("EndsTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("StartsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("EndsTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {PLITE_X86_TY(kFloat)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
