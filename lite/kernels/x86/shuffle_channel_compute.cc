// shuffle_channel on x86: one memcpy of H*W floats per output channel (the host kernel,
// the reference, copies element by element). Output planes are split over the predictor's
// pool when the tensor is large enough (copy_threads.h).
#include <cstring>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/copy_threads.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class ShuffleChannelCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ShuffleChannelParam>();
    const DDim& d = param.x->dims();
    const int64_t c = d[1], plane = d[2] * d[3];
    const int64_t group = param.group;
    const int64_t per_group = c / group;
    const int64_t planes = d[0] * c;
    const float* x = param.x->data<float>();
    float* out = param.out->mutable_data<float>();
    if (planes == 0 || plane == 0) return;
    const size_t plane_bytes = static_cast<size_t>(plane) * sizeof(float);
    const int tasks = CopyThreads(ctx(), 2 * planes * static_cast<int64_t>(plane_bytes), planes);
    ParallelTasks(ctx(), tasks, [&](int t) {
      int64_t begin, end;
      TaskRange(planes, t, tasks, &begin, &end);
      for (int64_t o = begin; o < end; ++o) {
        // Output channel i * group + j of image b reads input channel j * per_group + i.
        const int64_t b = o / c, oc = o % c;
        const int64_t ic = (oc % group) * per_group + oc / group;
        std::memcpy(out + o * plane, x + (b * c + ic) * plane, plane_bytes);
      }
    });
  }
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(shuffle_channel, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::ShuffleChannelCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
