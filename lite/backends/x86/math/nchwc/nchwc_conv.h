// Direct convolution producing NCHW16c output (lite/core/blocked_layout.h), from an NCHW16c
// input or, for a network's first convolution, from an NCHW input of a few channels.
//
// A register tile is P output pixels of one row x up to 4 blocks of 16 output channels
// (AVX-512: 6 x 4 zmm; AVX2: 6 pixels x one block of 2 ymm). For each input channel of each
// tap, the tile loads the 16-channel weight vectors of its blocks once and broadcasts each
// pixel's input value against them: every input value read feeds 16-64 multiply-adds and
// the output is stored as whole vectors, with bias and activation in registers. A pointwise
// (1x1, stride 1, unpadded) convolution runs over the image as one row of H*W pixels, so
// only the image's last tile is ragged, whatever the width. Output pixels whose taps fall
// left or right of the input take a one-pixel tile that skips those taps; rows above or
// below the input are skipped for the whole row.
//
// NchwcConv is declared with the other targets' blocked math (nchwc_math.h); the tiles live
// in nchwc_conv_avx2.cc / _avx512.cc (built with their ISA flags, sharing
// lite/backends/simd/nchwc/nchwc_conv_kernel.inc); nchwc_conv.cc dispatches.
#pragma once

#include "lite/backends/x86/math/nchwc/nchwc_math.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// NchwcConv (nchwc_math.h) needs AVX2+FMA; it uses AVX-512 where this says so.
bool NchwcConvUsesAvx512();
// Tests force the AVX2 path (false) or allow AVX-512 again (true, the default).
void NchwcConvAllowAvx512(bool allow);

namespace nchwc_internal {
// The ISA variants of NchwcConv (same contract).
void NchwcConvAvx2(const NchwcConvShape& s, const float* in, const float* packed,
                   const Activation& act, int block_begin, int block_end,
                   int row_begin, int row_end, float* out);
void NchwcConvAvx512(const NchwcConvShape& s, const float* in, const float* packed,
                     const Activation& act, int block_begin, int block_end,
                     int row_begin, int row_end, float* out);
}  // namespace nchwc_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
