// Depthwise convolution in the channel-blocked layout NCHW16c (lite/core/blocked_layout.h):
// 16 channels of one pixel are contiguous, so one load gives one tap of 16 channels (one
// zmm, or two ymm with AVX2) and no lane shuffles are ever needed.
//
// 3x3 and 5x5 filters with stride 1 or 2 and dilation 1 run register tiles of 2 output
// rows x several pixels along them (AVX-512: 8 for 3x3, 2 for 5x5; AVX2: 4 and 2): the
// block's weights stay in registers and every input pixel loaded feeds each output of the
// tile whose window covers it. Tiles whose taps all fall inside the input run without
// bounds checks; the left/right border columns run one pixel wide and skip the input
// columns outside the input, and rows above/below it are skipped in every tile (they add
// zero). Any other filter, stride or dilation runs one pixel at a time with the taps
// clipped to the input. Bias and the activation (any kind, activation_vec.inc) are applied
// in registers before the store.
//
// Declarations only: the loops live in nchwc_depthwise_avx2.cc / _avx512.cc (built with
// their ISA flags, sharing lite/backends/simd/nchwc/nchwc_depthwise_kernel.inc);
// nchwc_depthwise.cc (baseline flags) dispatches.
#pragma once

#include <cstddef>

#include "lite/backends/simd/nchwc/nchwc_depthwise_plan.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// The shape, the packing and the loops are shared with ARM's NCHW4c
// (lite/backends/simd/nchwc); x86 packs 16-channel blocks.
constexpr int kNchwcLanes = 16;
using simd::NchwcDepthwiseShape;
using simd::NchwcDepthwiseTiled;

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

// Output rows [oy0, oy1) of one channel block:
//   out[oy][ox][l] = act(bias[l] + sum_{ky,kx} filter[ky][kx][l] *
//                        in[oy*sh - pad_top + ky*dh][ox*sw - pad_left + kx*dw][l]),
// zero outside the input. in: [in_h][in_w][16]; filter: the block's [kh][kw][16]; bias: its
// [16]; out: [out_h][out_w][16]. Only epilogue's activation fields are read. Needs AVX2+FMA
// (lite::x86::CpuHasAvx2Fma()); uses AVX-512 where NchwcDepthwiseUsesAvx512().
void NchwcDepthwiseRows(const NchwcDepthwiseShape& s, const float* in, const float* filter,
                        const float* bias, const Activation& act, int oy0, int oy1,
                        float* out);

// Whether NchwcDepthwiseRows uses AVX-512 on this CPU (and it is not forced off).
bool NchwcDepthwiseUsesAvx512();
// Tests and benchmarks force the AVX2 path (false) or allow AVX-512 again (true, the default).
void NchwcDepthwiseAllowAvx512(bool allow);

// The ISA variants behind NchwcDepthwiseRows.
void NchwcDepthwiseRowsAvx2(const NchwcDepthwiseShape& s, const float* in, const float* filter,
                            const float* bias, const Activation& act, int oy0, int oy1,
                            float* out);
void NchwcDepthwiseRowsAvx512(const NchwcDepthwiseShape& s, const float* in,
                              const float* filter, const float* bias,
                              const Activation& act, int oy0, int oy1, float* out);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
