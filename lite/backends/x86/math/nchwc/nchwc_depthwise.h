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
// NchwcDepthwiseRows is declared with the other targets' blocked math (nchwc_math.h); the
// loops live in nchwc_depthwise_avx2.cc / _avx512.cc (built with their ISA flags, sharing
// lite/backends/simd/nchwc/nchwc_depthwise_kernel.inc); nchwc_depthwise.cc dispatches.
#pragma once

#include "lite/backends/x86/math/nchwc/nchwc_math.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// NchwcDepthwiseRows (nchwc_math.h) needs AVX2+FMA (lite::x86::CpuHasAvx2Fma()); this says
// whether it uses AVX-512 on this CPU (and it is not forced off).
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
