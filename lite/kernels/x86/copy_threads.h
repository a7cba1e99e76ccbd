// How many of the predictor's threads a memory-bound x86 kernel (copies, elementwise)
// should use: one per kMinBytesPerThread moved. With the spinning pool the hand-off costs
// well under a microsecond; on the 2-core machine we measure on (docs/benchmark.md, Threads)
// splitting from 64 KB on made ResNet18's adds 0.093 -> 0.063 ms, MobileNetV2's 0.031 ->
// 0.022 and ShuffleNetV2's shuffle_channel 0.077 -> 0.052 per run at 2 threads (the old
// 4 MB threshold predates that pool).
#pragma once

#include <algorithm>
#include <cstdint>

#include "lite/core/context.h"
#include "lite/core/thread_pool.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

constexpr int64_t kMinBytesPerThread = int64_t{64} << 10;

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
