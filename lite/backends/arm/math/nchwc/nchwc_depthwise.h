// Depthwise convolution in NCHW4c (lite/core/blocked_layout.h): the loops shared with x86's
// NCHW16c (lite/backends/simd/nchwc/nchwc_depthwise_kernel.inc) over NEON, one tap of a
// 4-channel block being one q register. The contract is x86 nchwc_depthwise.h's with
// 4-channel blocks: in [in_h][in_w][4], filter the block's [kh][kw][4], bias its [4], out
// [out_h][out_w][4], output rows [oy0, oy1).
#pragma once

#include <cstddef>

#include "lite/backends/simd/nchwc/nchwc_depthwise_plan.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

constexpr int kNchwcLanes = 4;
using simd::NchwcDepthwiseShape;

inline size_t NchwcDepthwiseFilterSize(int channels, int kernel_h, int kernel_w) {
  return simd::NchwcDepthwiseFilterSize(channels, kernel_h, kernel_w, kNchwcLanes);
}
inline size_t NchwcDepthwiseBiasSize(int channels) {
  return simd::NchwcDepthwiseBiasSize(channels, kNchwcLanes);
}
inline void NchwcDepthwisePackFilter(const float* filter, int channels, int kernel_h,
                                     int kernel_w, float* packed) {
  simd::NchwcDepthwisePackFilter(filter, channels, kernel_h, kernel_w, kNchwcLanes, packed);
}
inline void NchwcDepthwisePackBias(const float* bias, int channels, float* packed) {
  simd::NchwcDepthwisePackBias(bias, channels, kNchwcLanes, packed);
}

void NchwcDepthwiseRows(const NchwcDepthwiseShape& s, const float* in, const float* filter,
                        const float* bias, const Activation& act, int oy0, int oy1,
                        float* out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
