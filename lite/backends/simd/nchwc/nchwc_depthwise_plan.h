// The ISA-neutral half of the channel-blocked depthwise convolution
// (nchwc_depthwise_kernel.inc): its shape, which shapes run register tiles, and the weight
// packing, for any block size (x86 NCHW16c, ARM NCHW4c). Plain C++ (baseline flags).
#pragma once

#include <cstddef>

#include "lite/backends/host/math/im2col.h"  // ConvWindow
#include "lite/utils/tailored_math.h"

namespace paddle {
namespace lite {
namespace simd {

// One channel block of one image. Bottom/right padding follows from the output size: taps
// past the input read zero.
using NchwcDepthwiseShape = lite::host::math::ConvWindow;

// Floats of the packed filter, [ceil(channels / block)][kernel_h][kernel_w][block], and of
// the packed bias, [ceil(channels / block)][block].
size_t NchwcDepthwiseFilterSize(int channels, int kernel_h, int kernel_w, int block);
size_t NchwcDepthwiseBiasSize(int channels, int block);
// filter: [channels][1][kernel_h][kernel_w] (one filter per channel); bias: `channels`
// values or nullptr. Lanes past `channels` are zero.
void NchwcDepthwisePackFilter(const float* filter, int channels, int kernel_h, int kernel_w,
                              int block, float* packed);
void NchwcDepthwisePackBias(const float* bias, int channels, int block, float* packed);

// The register tiles' specialization (tailored_math.h) for a square filter of `kernel` (3
// or 5) and stride (1 or 2) both ways; "" for any other.
constexpr const char* NchwcDepthwiseSpecialization(int kernel, int stride) {
  if ((kernel != 3 && kernel != 5) || (stride != 1 && stride != 2)) return "";
  if (kernel == 3) return stride == 1 ? "nchwc_depthwise_k3_s1" : "nchwc_depthwise_k3_s2";
  return stride == 1 ? "nchwc_depthwise_k5_s1" : "nchwc_depthwise_k5_s2";
}

// Whether the loops run register tiles for this shape: one of the specializations above
// with dilation 1, kept by the build (else one pixel at a time).
bool NchwcDepthwiseTiled(const NchwcDepthwiseShape& s);

}  // namespace simd
}  // namespace lite
}  // namespace paddle
