// layout / layout_once on x86: float NCHW <-> NCHW16c (lite/core/blocked_layout.h), the
// casts the optimizer puts where a channel-blocked x86 kernel meets an NCHW one. Dims stay
// the logical NCHW dims in both directions; channel blocks are split over the pool.
#include <algorithm>
#include <cstdint>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc/nchwc_reorder.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/copy_threads.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

template <bool kToBlocked>
class LayoutBlockedCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kFloat,
                        kToBlocked ? DataLayoutType::kNCHW16c : DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const char* who = kToBlocked ? "layout nchw_to_nchw16c" : "layout nchw16c_to_nchw";
    const DDim& dims = param.x->dims();
    PLITE_CHECK(dims.size() == 4, who, ": Input must be 4-D, got ", dims);
    const int64_t batch = dims[0], channels = dims[1];
    const int64_t plane = dims[2] * dims[3];
    const int64_t blocks = ChannelBlocks(channels);
    param.out->Resize(dims);
    const float* src = kToBlocked ? param.x->template data<float>() : BlockedData(*param.x, who);
    float* dst = kToBlocked ? MutableBlockedData(param.out, TargetType::kX86)
                            : param.out->template mutable_data<float>(TargetType::kX86);
    if (!kToBlocked) param.out->set_layout(DataLayoutType::kNCHW);

    const int64_t pieces = batch * blocks;
    const int tasks = CopyThreads(this->ctx(), 2 * BlockedNumel(dims) * 4, pieces);
    auto task = [&](int t) {
      int64_t begin, end;
      TaskRange(pieces, t, tasks, &begin, &end);
      for (int64_t i = begin; i < end; ++i) {
        const int64_t n = i / blocks, b = i % blocks;
        const int c =
            static_cast<int>(std::min<int64_t>(kChannelBlock, channels - b * kChannelBlock));
        const int64_t nchw = (n * channels + b * kChannelBlock) * plane;
        const int64_t blocked = i * plane * kChannelBlock;
        if (kToBlocked) {
          lite::x86::math::PackChannelBlock(src + nchw, plane, c, plane, dst + blocked);
        } else {
          lite::x86::math::UnpackChannelBlock(src + blocked, c, plane, dst + nchw, plane);
        }
      }
    };
    ParallelTasks(this->ctx(), tasks, task);
  }
};

using LayoutToNchw16c = LayoutBlockedCompute<true>;
using LayoutFromNchw16c = LayoutBlockedCompute<false>;

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_LAYOUT_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(layout__))

REGISTER_LITE_KERNELS((layout, layout_once), kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::LayoutToNchw16c, nchw_to_nchw16c)
    .BindInput("Input", {PLITE_X86_LAYOUT_TY(kNCHW)})
    .BindOutput("Out", {PLITE_X86_LAYOUT_TY(kNCHW16c)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kX86, kFloat, kNCHW, paddle::lite::kernels::x86::LayoutFromNchw16c, nchw16c_to_nchw)
    .BindInput("Input", {PLITE_X86_LAYOUT_TY(kNCHW16c)})
    .BindOutput("Out", {PLITE_X86_LAYOUT_TY(kNCHW)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
