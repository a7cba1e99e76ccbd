// How x86 kernels use the predictor's thread pool (KernelContext::pool).
#pragma once

#include <functional>

#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/core/context.h"
#include "lite/core/parallel_ranges.h"
#include "lite/core/thread_pool.h"
#include "lite/kernels/host/packed_sgemm.h"

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

// The SGEMM as the conv drivers shared with ARM call it (lite/kernels/host/gemm_conv.h,
// gemm_conv_transpose.h).
inline constexpr host::PackedSgemm<lite::x86::math::GemmEpilogue, lite::x86::math::SgemmOptions>
    kPackedSgemm{"x86", lite::x86::math::PackedASize, lite::x86::math::PackA,
                 lite::x86::math::SgemmPacked, SgemmOptionsFor};

using ::paddle::lite::ParallelTasks;  // lite/core/parallel_ranges.h

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
