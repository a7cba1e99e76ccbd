// How many of the predictor's threads a memory-bound x86 kernel (copies, elementwise)
// should use: one per kMinBytesPerThread moved. With the spinning pool the hand-off costs
// well under a microsecond, so a second thread pays from 64 KB on (ResNet18's adds,
// MobileNetV2's, ShuffleNetV2's shuffle_channel: docs/benchmark.md, Threads).
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
