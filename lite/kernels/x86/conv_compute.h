// conv2d on x86 with the AVX2/FMA SGEMM: the filter of each group is packed once
// (PrepareForRun; weights are constant), then per image and group a 1x1 stride-1 unpadded
// convolution is one GEMM straight on the input, any other one im2col + GEMM. Bias and
// the fused activation run in the GEMM epilogue (sigmoid in one pass afterwards).
// Registered only for CPUs with AVX2+FMA; the host kernel is the reference.
#pragma once

#include <vector>

#include "lite/backends/x86/math/sgemm.h"
#include "lite/core/kernel.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class ConvCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override;
  void Run() override;

 private:
  // One packed filter per group, each PackedASize(out_c / groups, patch) floats.
  std::vector<float> packed_filter_;
  size_t packed_group_size_{0};
  std::vector<float> col_;  // im2col scratch, reused across runs
  // The fused activation as the GEMM epilogue runs it (no bias); act_after_gemm_ when the
  // epilogue cannot (sigmoid), then it is applied in a pass afterwards.
  lite::x86::math::GemmEpilogue gemm_act_;
  bool act_after_gemm_{false};
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
