// conv2d on x86 with the AVX2/FMA SGEMM: the filter of each group is packed once
// (PrepareForRun; weights are constant), then per image and group a 1x1 stride-1 unpadded
// convolution is one GEMM straight on the input, any other one im2col + GEMM over blocks of
// output rows (the unfolded block stays in cache; threads take blocks or share one). Bias and
// the fused activation (any kind) run in the GEMM epilogue.
// 3x3 stride-1 convolutions with enough channels and output tiles run by Winograd
// F(4x4, 3x3) or F(2x2, 3x3) instead (conv_winograd_compute.h), ones with at most 4 input
// channels by a direct convolution (conv_small_c_compute.h).
// Registered only for CPUs with AVX2+FMA; the host kernel is the reference.
#pragma once

#include <memory>
#include <vector>

#include "lite/backends/host/math/im2col.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/core/kernel.h"
#include "lite/kernels/x86/conv_small_c_compute.h"
#include "lite/kernels/x86/conv_winograd_compute.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class ConvCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override;
  void Run() override;

 private:
  // One group's GEMM: C[rows x cols] = packed_filter[rows x patch] * B + epilogue.
  struct GroupGemm {
    const float* packed_filter = nullptr;
    int rows = 0;
    int patch = 0;
    lite::x86::math::GemmEpilogue epilogue;
  };
  void RunUnfolded(const GroupGemm& gemm, const float* x, int channels,
                   const lite::host::math::ConvWindow& window, float* out);

  void PackFilterForGemm(const operators::ConvParam& param);

  // One packed filter per group, each PackedASize(out_c / groups, patch) floats; packed at
  // PrepareForRun when the first shapes take a GEMM path, else on the first run that does.
  AlignedVector<float> packed_filter_;
  size_t packed_group_size_{0};
  bool gemm_filter_packed_{false};
  AlignedVector<float> col_;  // im2col blocks (one per thread when threads take blocks)
  // Winograd path, made when the shapes suit it (ConvWinograd::Suits).
  std::unique_ptr<ConvWinograd> winograd_;
  // Few-input-channel direct path (first convolutions), made when ConvSmallC::Suits.
  std::unique_ptr<ConvSmallC> small_c_;
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
