// The x86 int8 GEMM as the int8 conv2d and fc shared with ARM call it
// (lite/kernels/host/int8_gemm_layers.h), threads from the predictor's pool.
#pragma once

#include "lite/backends/x86/math/gemm_int8/igemm.h"
#include "lite/kernels/host/int8_gemm_layers.h"
#include "lite/kernels/x86/context_threads.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

inline lite::x86::math::IgemmOptions IgemmOptionsFor(const KernelContext& ctx) {
  const lite::x86::math::SgemmOptions sgemm = SgemmOptionsFor(ctx);
  lite::x86::math::IgemmOptions options;
  options.threads = sgemm.threads;
  options.parallel_for = sgemm.parallel_for;
  return options;
}

// im2col blocks of the float conv's bytes (conv_compute.cc), for the same L2.
inline constexpr host::Int8Gemm<lite::x86::math::IgemmOptions> kInt8Gemm{
    "x86", lite::x86::math::Igemm, lite::x86::math::Igemm, lite::x86::math::QuantizeToInt8,
    IgemmOptionsFor, {256 * 1024, 512 * 1024, 256, 1024 * 1024}};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
