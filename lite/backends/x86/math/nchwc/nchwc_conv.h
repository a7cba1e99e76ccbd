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
// Declarations only: the tiles live in nchwc_conv_avx2.cc / _avx512.cc (built with their ISA
// flags, sharing lite/backends/simd/nchwc/nchwc_conv_kernel.inc); nchwc_conv.cc dispatches.
#pragma once

#include <cstddef>

#include "lite/backends/simd/nchwc/nchwc_conv_plan.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// The shape, the packing and the tile loops are shared with ARM's NCHW4c
// (lite/backends/simd/nchwc); x86 packs 16-channel blocks.
using simd::NchwcConvShape;
using simd::kNchwcGroupBlocks;
using simd::kNchwcMaxTaps;
using simd::NchwcConvSupports;
using simd::NchwcConvIsPointwise;
using simd::NchwcConvRows;
constexpr int kNchwcBlock = 16;

inline size_t NchwcPackedFilterSize(const NchwcConvShape& s) {
  return simd::NchwcPackedFilterSize(s, kNchwcBlock);
}
inline void NchwcPackFilter(const NchwcConvShape& s, const float* filter, const float* bias,
                            float* packed) {
  simd::NchwcPackFilter(s, kNchwcBlock, filter, bias, packed);
}

// Output blocks [block_begin, block_end) of output rows [row_begin, row_end) of one image,
// whole packed groups (both ends multiples of kNchwcGroupBlocks, or the end the last block):
//   out[oc][oy][ox] = act(bias[oc] + sum_{ic,ky,kx} w[oc][ic][ky][kx] *
//                         in[ic][oy*sh - pad_top + ky*dh][ox*sw - pad_left + kx*dw]),
// zero outside the input; `in` is the image in NCHW16c (or NCHW), `out` in NCHW16c, the
// epilogue's bias ignored (it is packed). For a pointwise shape "rows" are pixels of the
// image taken as one row. Needs AVX2+FMA; uses AVX-512 where NchwcConvUsesAvx512().
void NchwcConv(const NchwcConvShape& s, const float* in, const float* packed,
               const Activation& act, int block_begin, int block_end, int row_begin,
               int row_end, float* out);

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
