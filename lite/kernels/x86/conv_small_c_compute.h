// The few-input-channel path of the x86 conv2d kernel (conv_compute.cc): the first
// convolution of a CNN (3 channels, 3x3 or 7x7, stride 1 or 2) as a direct convolution
// (lite/backends/x86/math/conv/conv_small_c.h) instead of im2col + GEMM with K = 27..147. The
// filter and bias are packed once, the fused activation (any kind) runs in the tiles; every
// run splits the output rows over the predictor's threads. docs/x86_conv.md has the
// measurements behind the selection rule.
#pragma once

#include <vector>

#include "lite/backends/x86/math/conv/conv_small_c.h"
#include "lite/core/context.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class ConvSmallC {
 public:
  // One group, at most kMaxInChannels input channels, dilation 1 (any kernel size, stride
  // and padding within SmallCConvSupports).
  static bool Suits(const operators::ConvParam& param);
  static constexpr int kMaxInChannels = 4;

  // Packs param's filter and bias; throws unless Suits(param).
  explicit ConvSmallC(const operators::ConvParam& param);

  // Computes param.output (already resized by the op) from param.x.
  void Run(const operators::ConvParam& param, const KernelContext& ctx);

 private:
  int out_c_{0}, in_c_{0}, kernel_h_{0}, kernel_w_{0};
  AlignedVector<float> packed_;   // SmallCPackFilter layout
  AlignedVector<float> scratch_;  // one SmallCScratchSize block per thread
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
