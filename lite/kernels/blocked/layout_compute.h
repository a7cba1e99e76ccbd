// layout / layout_once between float NCHW and a channel-blocked layout (lite/core/
// blocked_layout.h), the casts the optimizer puts where a blocked kernel meets an NCHW one,
// written once for any target. `M` is the target's NchwcMath (kBlock, PackBlock and
// UnpackBlock of one channel block; lite/backends/simd/nchwc/nchwc_math.inc) with kTarget
// and kLayout. Dims stay the logical NCHW dims in both directions.
#pragma once

#include <algorithm>
#include <cstdint>

#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace blocked {

// `batch` images of `channels` planes of `plane` floats between NCHW and M's blocked layout
// (to_blocked: `src` NCHW, `dst` blocked; else the other way), channel blocks split over the
// context's pool, a thread per 64 KB moved (with the spinning pool a hand-off costs well
// under a microsecond; docs/benchmark.md, Threads). Also the int8 convs' own reorders.
template <typename M>
void ReorderChannelBlocks(const KernelContext& ctx, bool to_blocked, int64_t batch,
                          int64_t channels, int64_t plane, const float* src, float* dst) {
  constexpr int64_t kMinBytesPerThread = int64_t{64} << 10;
  const int64_t blocks = ChannelBlocks(channels, M::kLayout);
  const int64_t pieces = batch * blocks;
  const int64_t pool = ctx.pool ? ctx.pool->threads() : 1;
  const int64_t bytes = 2 * pieces * plane * M::kBlock * 4;
  const int tasks = static_cast<int>(
      std::max<int64_t>(1, std::min({pool, pieces, bytes / kMinBytesPerThread})));
  ParallelTasks(ctx, tasks, [&](int t) {
    for (int64_t i = pieces * t / tasks; i < pieces * (t + 1) / tasks; ++i) {
      const int64_t n = i / blocks, b = i % blocks;
      const int c = static_cast<int>(std::min<int64_t>(M::kBlock, channels - b * M::kBlock));
      const int64_t nchw = (n * channels + b * M::kBlock) * plane;
      const int64_t blocked = i * plane * M::kBlock;
      if (to_blocked) {
        M::PackBlock(src + nchw, plane, c, plane, dst + blocked);
      } else {
        M::UnpackBlock(src + blocked, c, plane, dst + nchw, plane);
      }
    }
  });
}

template <typename M, bool kToBlocked>
class LayoutCompute
    : public KernelLite<M::kTarget, PrecisionType::kFloat,
                        kToBlocked ? M::kLayout : DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::TypeCastParam>();
    const char* who = kToBlocked ? "layout nchw_to_blocked" : "layout blocked_to_nchw";
    const DDim& dims = param.x->dims();
    PLITE_CHECK(dims.size() == 4, who, ": Input must be 4-D, got ", dims);
    param.out->Resize(dims);
    const float* src = kToBlocked ? param.x->template data<float>()
                                  : BlockedData(*param.x, M::kLayout, who);
    float* dst = kToBlocked ? MutableBlockedData(param.out, M::kTarget, M::kLayout)
                            : param.out->template mutable_data<float>(M::kTarget);
    if (!kToBlocked) param.out->set_layout(DataLayoutType::kNCHW);
    ReorderChannelBlocks<M>(this->ctx(), kToBlocked, dims[0], dims[1], dims[2] * dims[3], src,
                            dst);
  }
};

}  // namespace blocked
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
