// How x86 kernels use the predictor's thread pool (KernelContext::pool).
#pragma once

#include <functional>

#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/core/context.h"
#include "lite/core/thread_pool.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

// SGEMM options splitting the work over the context's pool (single thread without one).
inline lite::x86::math::SgemmOptions SgemmOptionsFor(const KernelContext& ctx) {
  lite::x86::math::SgemmOptions options;
  if (ThreadPool* pool = ctx.pool) {
    options.threads = pool->threads();
    options.parallel_for = [pool](int tasks, const std::function<void(int)>& task) {
      pool->ParallelFor(tasks, task);
    };
  }
  return options;
}

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

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
