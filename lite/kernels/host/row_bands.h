// How the int8 depthwise kernels (x86 and ARM) split their output rows over the pool: task t
// takes a contiguous share of all planes' rows, walked as bands of at most band_rows rows
// within one plane, so each band's quantized input rows fit the task's scratch.
#pragma once

#include <algorithm>
#include <cstdint>

#include "lite/backends/host/math/im2col.h"  // ConvWindow
#include "lite/core/context.h"
#include "lite/core/parallel_ranges.h"
#include "lite/core/thread_pool.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// Tasks for `rows` output rows of `macs` multiply-adds in all: at most the pool's threads and
// the rows, one per min_macs_per_thread (a task's hand-off costs about that much).
inline int RowBandTasks(const KernelContext& ctx, int64_t rows, int64_t macs,
                        int64_t min_macs_per_thread) {
  const int pool = ctx.pool ? ctx.pool->threads() : 1;
  return static_cast<int>(std::max<int64_t>(
      1, std::min<int64_t>({pool, rows, macs / min_macs_per_thread + 1})));
}

// Output rows a band takes, 1 to 32 and at most the window's, so that its input rows stay
// within budget_bytes: one_row_band_bytes is the band of one output row (the kernel's span
// of input rows).
inline int BandRowsWithin(int64_t budget_bytes, int64_t one_row_band_bytes,
                          const lite::host::math::ConvWindow& w) {
  const int64_t span_rows = static_cast<int64_t>(w.kernel_h - 1) * w.dilation_h + 1;
  const int64_t in_rows = budget_bytes / std::max<int64_t>(1, one_row_band_bytes / span_rows);
  const int64_t out_rows = (in_rows - span_rows) / w.stride_h + 1;
  return static_cast<int>(std::max<int64_t>(1, std::min<int64_t>({32, out_rows, w.out_h})));
}

// Calls fn(task, plane, oy0, oy1) for the bands of `planes` planes of out_h rows each, on
// `tasks` tasks of the pool.
template <typename Fn>
void ForEachRowBand(const KernelContext& ctx, int tasks, int64_t planes, int out_h,
                    int band_rows, const Fn& fn) {
  const int64_t rows = planes * out_h;
  ParallelTasks(ctx, tasks, [&](int t) {
    const int64_t end = rows * (t + 1) / tasks;
    for (int64_t r = rows * t / tasks; r < end;) {
      const int64_t plane = r / out_h;
      const int oy0 = static_cast<int>(r % out_h);
      const int oy1 = static_cast<int>(std::min<int64_t>({out_h, oy0 + end - r, oy0 + band_rows}));
      fn(t, plane, oy0, oy1);
      r += oy1 - oy0;
    }
  });
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
