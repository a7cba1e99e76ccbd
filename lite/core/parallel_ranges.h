// Splitting a kernel's work over its predictor's thread pool (KernelContext::pool), for
// every CPU backend: tasks run on the pool, or in order on this thread without one; small
// ranges stay on one thread (a task switch costs more than the work), large ones get one
// task per thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>

#include "lite/core/context.h"
#include "lite/core/thread_pool.h"

namespace paddle {
namespace lite {

// Runs task(0..tasks-1) on the context's pool, or in order on this thread without one.
// A template so a lambda goes to the pool without a std::function (no allocation).
template <typename Task>
void ParallelTasks(const KernelContext& ctx, int tasks, const Task& task) {
  if (ctx.pool != nullptr) {
    ctx.pool->ParallelFor(tasks, task);
  } else {
    for (int t = 0; t < tasks; ++t) task(t);
  }
}

// Calls fn(begin, end) on disjoint ranges covering [0, total), each at least `min_per_task`
// long (except when total is shorter), in parallel over the context's pool.
inline void ParallelRanges(const KernelContext& ctx, int64_t total, int64_t min_per_task,
                           const std::function<void(int64_t, int64_t)>& fn) {
  if (total <= 0) return;
  const int threads = ctx.pool != nullptr ? ctx.pool->threads() : 1;
  const int64_t by_size = total / std::max<int64_t>(min_per_task, 1);
  const int tasks = static_cast<int>(std::max<int64_t>(1, std::min<int64_t>(threads, by_size)));
  if (tasks == 1) {
    fn(0, total);
    return;
  }
  ParallelTasks(ctx, tasks, [&](int t) { fn(total * t / tasks, total * (t + 1) / tasks); });
}

}  // namespace lite
}  // namespace paddle
