// How the ARM GEMM kernels hand the predictor's thread pool (KernelContext::pool) to the
// NEON SGEMM and GEMV. Included by ARM kernel code only (inside PLITE_ARM_CODE).
#pragma once

#include <functional>

#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/core/context.h"
#include "lite/core/thread_pool.h"
#include "lite/kernels/host/packed_sgemm.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

// SGEMM options splitting the work over the context's pool (single thread without one).
inline lite::arm::math::SgemmOptions SgemmOptionsFor(const KernelContext& ctx) {
  lite::arm::math::SgemmOptions options;
  if (ThreadPool* pool = ctx.pool) {
    options.threads = pool->threads();
    options.parallel_for = [pool](int tasks, const std::function<void(int)>& task) {
      pool->ParallelFor(tasks, task);
    };
  }
  return options;
}

// The SGEMM as the conv drivers shared with x86 call it (lite/kernels/host/gemm_conv.h,
// gemm_conv_transpose.h).
inline constexpr host::PackedSgemm<lite::arm::math::GemmEpilogue, lite::arm::math::SgemmOptions>
    kPackedSgemm{"ARM", lite::arm::math::PackedASize, lite::arm::math::PackA,
                 lite::arm::math::SgemmPacked, SgemmOptionsFor};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
