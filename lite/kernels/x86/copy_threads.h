// How many of the predictor's threads a memory-bound x86 kernel (copies, elementwise)
// should use: one per kMinBytesPerThread moved. Waking a pool worker costs microseconds to
// tens of microseconds; on the 2-core machine we measure on (docs/fusion.md) splitting
// tensors of up to 6 MB never paid, so only bigger ones split.
#pragma once

#include <algorithm>
#include <cstdint>

#include "lite/core/context.h"
#include "lite/core/thread_pool.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

constexpr int64_t kMinBytesPerThread = int64_t{4} << 20;

// Threads for moving `bytes` (read + written) in at most `max_tasks` independent pieces.
inline int CopyThreads(const KernelContext& ctx, int64_t bytes, int64_t max_tasks) {
  const int64_t pool = ctx.pool ? ctx.pool->threads() : 1;
  return static_cast<int>(
      std::max<int64_t>(1, std::min({pool, max_tasks, bytes / kMinBytesPerThread})));
}

// The part [begin, end) of `count` items that task `t` of `tasks` takes (contiguous, so
// each thread streams through its own memory).
inline void TaskRange(int64_t count, int t, int tasks, int64_t* begin, int64_t* end) {
  *begin = count * t / tasks;
  *end = count * (t + 1) / tasks;
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
