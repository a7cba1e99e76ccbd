// The Winograd F(4x4, 3x3) / F(2x2, 3x3) path of the x86 conv2d kernel (conv_compute.cc):
// the filter is transformed once, every run is WinogradConv3x3
// (lite/backends/x86/math/winograd/conv_winograd.h) on the predictor's thread pool, with bias and
// the fused activation (any kind) in the output transform.
// docs/x86_conv.md has the measurements behind the selection rule.
#pragma once

#include <vector>

#include "lite/backends/x86/math/winograd/conv_winograd.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/core/context.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class ConvWinograd {
 public:
  // Whether conv2d with these attributes and current shapes runs faster by Winograd than by
  // im2col + GEMM: 3x3 filter, stride 1, dilation 1, one group, channels with
  // in_c * out_c >= kChannelRatio * (in_c + out_c) (the transforms cost in_c + out_c per
  // tile, the GEMMs save in proportion to in_c * out_c: 16 -> 64 channels just fail, 32 -> 32
  // pass), and at least kMinTiles output blocks over the batch (fewer make the GEMMs too
  // narrow). F(4x4, 3x3) when its 4x4 blocks are enough, else F(2x2, 3x3) when its 2x2
  // blocks are (a 7x7 output is 4 blocks of 4x4 but 16 of 2x2). Also F(2x2) when F(4x4)
  // gives fewer than kF4NarrowTiles blocks and in_c <= kF2MaxInChannels: 36 GEMMs 16 to 31
  // columns wide with K <= 64 do little work per stored tile, and F(2x2)'s 16 GEMMs (49
  // columns at 14x14) ran 10% faster in SqueezeNet (64 -> 256 and 48 -> 192 at 14x14; 256 ->
  // 256 at 14x14 stays faster by F(4x4)).
  static bool Suits(const operators::ConvParam& param);
  // The variant Suits chose; false when neither suits.
  static bool Choose(const operators::ConvParam& param, lite::x86::math::WinogradVariant* variant);
  static constexpr int kChannelRatio = 16;
  static constexpr int kMinTiles = 16;
  static constexpr int kF4NarrowTiles = 32;
  static constexpr int kF2MaxInChannels = 64;

  // Transforms param's filter for the variant the current shapes choose (F(4x4) if none);
  // throws unless the filter, strides, dilations and groups suit.
  explicit ConvWinograd(const operators::ConvParam& param);

  // Computes param.output (already resized by the op) from param.x.
  void Run(const operators::ConvParam& param, const KernelContext& ctx);

 private:
  const AlignedVector<float>& Filter(const operators::ConvParam& param,
                                     lite::x86::math::WinogradVariant variant);

  int out_c_{0}, in_c_{0};
  // WinogradTransformFilter layout per variant (kF4x4, kF2x2), made when first needed.
  AlignedVector<float> filters_[2];
  AlignedVector<float> scratch_;  // per run, reused
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
