#include "lite/kernels/x86/conv_int8_nchwc.h"

#include <algorithm>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/memory.h"
#include "lite/core/parallel_ranges.h"
#include "lite/core/thread_pool.h"
#include "lite/kernels/host/conv_window.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace xm = lite::x86::math;

namespace {
// A task needs about this many multiply-adds (a few microseconds) to pay its hand-off.
constexpr int64_t kMinMacsPerTask = 200000;
// Pointwise tasks start on whole tiles: a multiple of the tiles' widths (6, 8, 12).
constexpr int kPixelAlign = 24;

int Threads(const KernelContext& ctx) { return ctx.pool ? ctx.pool->threads() : 1; }
}  // namespace

bool NchwcInt8ConvRunner::Takes(const operators::ConvParam& param) {
  const DDim& w = param.filter->dims();
  return param.groups == 1 && w.size() == 4 && w[2] * w[3] <= 256 &&
         xm::NchwcInt8BestIsa() == xm::NchwcInt8Isa::kAvx512Vnni;
}

void NchwcInt8ConvRunner::Prepare(const operators::ConvParam& param) {
  const DDim& w = param.filter->dims();
  shape_ = xm::NchwcInt8ConvShape{};
  shape_.out_c = static_cast<int>(w[0]);
  shape_.in_c = static_cast<int>(w[1]);
  shape_.kernel_h = static_cast<int>(w[2]);
  shape_.kernel_w = static_cast<int>(w[3]);
  std::vector<float> scales(w[0]);
  for (int64_t c = 0; c < w[0]; ++c) scales[c] = param.int8.input * param.int8.weight[c];
  filter_ = xm::NchwcInt8Filter(shape_, param.filter->data<int8_t>(), scales.data(),
                                param.bias ? param.bias->data<float>() : nullptr);
}

void NchwcInt8ConvRunner::Run(const KernelContext& ctx, const operators::ConvParam& param,
                              const xm::NchwcInt8Source& in, const xm::NchwcInt8Sink& out,
                              const char* who) {
  xm::NchwcInt8ConvShape s = shape_;
  static_cast<lite::host::math::ConvWindow&>(s) = host::ConvWindowOf(param);
  PLITE_CHECK(xm::NchwcInt8ConvSupports(s), who, ": unsupported shape: Input ", param.x->dims(),
              " Filter ", param.filter->dims(), " strides ", s.stride_h, "x", s.stride_w,
              " paddings ", s.pad_top, ",", s.pad_left);
  const xm::NchwcInt8Frame f = xm::NchwcInt8FrameOf(s);
  ResizeScratch(&frame_, f.Bytes(), who, "the quantized input");
  // Framing streams the image once: a task per 64 KB of it.
  const int64_t bytes = static_cast<int64_t>(f.Bytes()) * (in.s8 ? 1 : 4);
  const int q_tasks = static_cast<int>(std::max<int64_t>(
      1, std::min<int64_t>({Threads(ctx), f.h, bytes / (int64_t{64} << 10)})));
  ParallelTasks(ctx, q_tasks, [&](int t) {
    xm::NchwcInt8FrameInput(s, in, f.h * t / q_tasks, f.h * (t + 1) / q_tasks, frame_.data());
  });
  RunTiles(ctx, s, param.act, out);
}

// Tasks take rows (pixels of pointwise layers, in whole tiles), or filter groups where the
// filter outweighs the image, each task then streaming its part of the filter.
void NchwcInt8ConvRunner::RunTiles(const KernelContext& ctx, const xm::NchwcInt8ConvShape& s,
                                   const Activation& act, const xm::NchwcInt8Sink& out) {
  const int blocks = (s.out_c + xm::kNchwcInt8Block - 1) / xm::kNchwcInt8Block;
  const int groups = (blocks + xm::kNchwcInt8GroupBlocks - 1) / xm::kNchwcInt8GroupBlocks;
  const int rows = xm::NchwcInt8ConvRows(s);
  const bool pointwise = xm::NchwcInt8ConvIsPointwise(s);
  const int64_t pixels = static_cast<int64_t>(s.out_h) * s.out_w;
  const bool by_groups = s.out_c > pixels && groups > 1;
  const int64_t macs = pixels * s.out_c * s.in_c * s.kernel_h * s.kernel_w;
  const int align = pointwise ? kPixelAlign : 1;
  const int units = by_groups ? groups : (rows + align - 1) / align;
  const int tasks = static_cast<int>(
      std::max<int64_t>(1, std::min<int64_t>({Threads(ctx), units, macs / kMinMacsPerTask})));
  ParallelTasks(ctx, tasks, [&](int t) {
    const int u0 = static_cast<int>(static_cast<int64_t>(units) * t / tasks);
    const int u1 = static_cast<int>(static_cast<int64_t>(units) * (t + 1) / tasks);
    if (by_groups) {
      xm::NchwcInt8Conv(s, frame_.data(), filter_, act, u0 * xm::kNchwcInt8GroupBlocks,
                        std::min(blocks, u1 * xm::kNchwcInt8GroupBlocks), 0, rows, out);
      return;
    }
    xm::NchwcInt8Conv(s, frame_.data(), filter_, act, 0, blocks, std::min(rows, u0 * align),
                      std::min(rows, u1 * align), out);
  });
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
