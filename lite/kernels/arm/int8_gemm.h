// The ARM int8 GEMM as the int8 conv2d and fc shared with x86 call it
// (lite/kernels/host/int8_gemm_layers.h), threads from the predictor's pool. Included by
// ARM kernel code only.
#pragma once

#include "lite/backends/arm/math/gemm_int8/igemm.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/kernels/host/int8_gemm_layers.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

inline lite::arm::math::IgemmOptions IgemmOptionsFor(const KernelContext& ctx) {
  const lite::arm::math::SgemmOptions sgemm = SgemmOptionsFor(ctx);
  lite::arm::math::IgemmOptions options;
  options.threads = sgemm.threads;
  options.parallel_for = sgemm.parallel_for;
  return options;
}

// im2col blocks of the float conv's bytes (conv_compute.cc), for the same L2.
inline constexpr host::Int8Gemm<lite::arm::math::IgemmOptions> kInt8Gemm{
    "ARM", lite::arm::math::Igemm, lite::arm::math::Igemm, lite::arm::math::QuantizeToInt8,
    IgemmOptionsFor, {128 * 1024, 256 * 1024, 256, 128 * 1024}};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
