// conv2d on x86 with the AVX2/FMA SGEMM by the GEMM driver shared with ARM
// (lite/kernels/host/gemm_conv.h): the filter of each group is packed once, then per image
// and group a 1x1 stride-1 unpadded convolution is one GEMM straight on the input, any other
// one im2col + GEMM over blocks of output rows. Bias and the fused activation (any kind) run
// in the GEMM epilogue.
// 3x3 stride-1 convolutions with enough channels and output tiles run by Winograd
// F(4x4, 3x3) or F(2x2, 3x3) instead (conv_winograd_compute.h), ones with at most 4 input
// channels by a direct convolution (conv_small_c_compute.h).
// Registered only for CPUs with AVX2+FMA; the host kernel is the reference.
#pragma once

#include <memory>

#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/core/kernel.h"
#include "lite/kernels/host/gemm_conv.h"
#include "lite/kernels/x86/conv_small_c_compute.h"
#include "lite/kernels/x86/conv_winograd_compute.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class ConvCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  ConvCompute();
  void PrepareForRun() override;
  void Run() override;

 private:
  // The GEMM paths; their packed filter is made at PrepareForRun when the first shapes take
  // them, else on the first run that does (the direct and Winograd paths keep their own, so
  // a convolution that only ever takes those does not hold this copy too).
  host::GemmConv<lite::x86::math::GemmEpilogue, lite::x86::math::SgemmOptions> gemm_;
  // Winograd path, made when the shapes suit it (ConvWinograd::Suits).
  std::unique_ptr<ConvWinograd> winograd_;
  // Few-input-channel direct path (first convolutions), made when ConvSmallC::Suits.
  std::unique_ptr<ConvSmallC> small_c_;
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
