// pool2d in a channel-blocked layout (lite/core/blocked_layout.h), written once for any
// target whose math offers the blocked pool loops (lite/backends/simd/nchwc): x86 NCHW16c,
// ARM NCHW4c. `M` is the target's NchwcMath (kBlock, Pool; lite/backends/simd/nchwc/
// nchwc_math.inc) with kTarget, kLayout and kName. Blocked in, blocked out, every attribute the host kernel takes:
// the windows along each axis come from the host kernel's pool_window.h (so both read the
// same inputs and divide by the same counts). Channel blocks, and bands of output rows when
// there are fewer blocks than threads, are split over the predictor's pool.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "lite/backends/simd/nchwc/nchwc_pool_plan.h"
#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/pool_window.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace blocked {

using simd::NchwcPoolWindow;

// Windows along one axis of `out` outputs over `in` inputs, with their avg divisor factors.
inline std::vector<NchwcPoolWindow> AxisWindows(const operators::PoolParam& param, int axis,
                                                int in, int out) {
  const bool real_count = param.exclusive || param.adaptive;
  std::vector<NchwcPoolWindow> windows(out);
  for (int o = 0; o < out; ++o) {
    const host::WindowRange r =
        param.adaptive ? host::AdaptiveRange(o, in, out)
                       : host::SlidingRange(o, in, param.ksize[axis], param.strides[axis],
                                            param.paddings[2 * axis]);
    windows[o] = {r.begin, r.end, real_count ? r.count() : r.padded_size};
  }
  return windows;
}

template <typename M>
class PoolCompute : public KernelLite<M::kTarget, PrecisionType::kFloat, M::kLayout> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::PoolParam>();
    const float* x = BlockedData(*param.x, M::kLayout, Who());
    const DDim& in_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    float* out = MutableBlockedData(param.output, M::kTarget, M::kLayout);
    if (in_dims != planned_in_ || out_dims != planned_out_) Plan(param);

    const int out_h = static_cast<int>(out_dims[2]);
    const int64_t units = in_dims[0] * ChannelBlocks(in_dims[1], M::kLayout);  // (image, block) pairs
    if (units == 0) return;
    const int64_t in_block = in_dims[2] * in_dims[3] * M::kBlock;
    const int64_t out_block = out_dims[2] * out_dims[3] * M::kBlock;
    // One task per thread, each with ~64 K floats to read at least to pay for the hand-off;
    // bands of output rows when there are fewer blocks than tasks.
    const int threads = this->ctx().pool ? this->ctx().pool->threads() : 1;
    const int64_t wanted =
        std::max<int64_t>(1, std::min<int64_t>(threads, BlockedNumel(in_dims, M::kLayout) / 65536));
    const int64_t bands = std::min<int64_t>(out_h, (wanted + units - 1) / units);
    const int64_t pieces = units * bands;
    const int tasks = static_cast<int>(std::min(wanted, pieces));
    ParallelTasks(this->ctx(), tasks, [&](int t) {
      const int64_t begin = pieces * t / tasks, end = pieces * (t + 1) / tasks;
      if (bands == 1) {
        M::Pool(x + begin * in_block, plan_, end - begin, 0, out_h, out + begin * out_block);
        return;
      }
      for (int64_t p = begin; p < end; ++p) {
        const int64_t unit = p / bands, band = p % bands;
        M::Pool(x + unit * in_block, plan_, 1, static_cast<int>(out_h * band / bands),
                static_cast<int>(out_h * (band + 1) / bands), out + unit * out_block);
      }
    });
  }

 private:
  static const char* Who() {
    static const std::string who = std::string("pool2d (") + M::kName + ")";
    return who.c_str();
  }

  // Windows and plan for these dims (the attributes are fixed; SAME paddings follow the
  // input dims).
  void Plan(const operators::PoolParam& param) {
    const DDim& in_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    simd::NchwcPoolShape shape;
    shape.in_h = static_cast<int>(in_dims[2]);
    shape.in_w = static_cast<int>(in_dims[3]);
    shape.out_h = static_cast<int>(out_dims[2]);
    shape.out_w = static_cast<int>(out_dims[3]);
    rows_ = AxisWindows(param, 0, shape.in_h, shape.out_h);
    cols_ = AxisWindows(param, 1, shape.in_w, shape.out_w);
    shape.rows = rows_.data();
    shape.cols = cols_.data();
    if (!param.adaptive) {
      shape.kernel_h = param.ksize[0];
      shape.kernel_w = param.ksize[1];
      shape.stride_h = param.strides[0];
      shape.stride_w = param.strides[1];
    }
    shape.max = param.pooling_type == "max";
    plan_ = simd::NchwcPoolPlanFor(shape);
    planned_in_ = in_dims;
    planned_out_ = out_dims;
  }

  std::vector<NchwcPoolWindow> rows_, cols_;
  simd::NchwcPoolPlan plan_;
  DDim planned_in_, planned_out_;
};

}  // namespace blocked
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
