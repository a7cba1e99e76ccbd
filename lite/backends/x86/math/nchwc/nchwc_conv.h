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
// flags, sharing nchwc_conv_kernel.inc); nchwc_conv.cc packs filters and dispatches.
#pragma once

#include <cstddef>

#include "lite/backends/host/math/im2col.h"  // ConvWindow
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// The window geometry (sizes, kernel, stride, dilation, top/left padding) plus channels.
struct NchwcConvShape : lite::host::math::ConvWindow {
  int in_c{0}, out_c{0};
  bool blocked_input{true};  // NCHW16c input; false: NCHW input (first convolutions)
};

// Output blocks of 16 channels per packed filter group (the AVX-512 tile's width).
constexpr int kNchwcGroupBlocks = 4;
// Most taps (kernel_h * kernel_w) a filter may have.
constexpr int kNchwcMaxTaps = 256;

// Whether the shape is one these kernels take: positive sizes, strides and dilations,
// non-negative paddings, at most kNchwcMaxTaps taps. (Windows wholly in the padding give
// the bias.)
bool NchwcConvSupports(const NchwcConvShape& s);

// The filter [out_c][in_c][kh][kw] (one group) repacked per group of up to 4 output blocks
// as [input chunk][kh][kw][chunk channel][block][16], zero past out_c and (blocked input)
// past in_c, followed by the bias padded to whole blocks (zero without a bias).
size_t NchwcPackedFilterSize(const NchwcConvShape& s);
void NchwcPackFilter(const NchwcConvShape& s, const float* filter, const float* bias,
                     float* packed);

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

// A pointwise shape: 1x1 filter, stride 1, no padding (then rows are pixels, see above).
bool NchwcConvIsPointwise(const NchwcConvShape& s);
// Rows NchwcConv splits the output into: out_h, or out_h * out_w for pointwise shapes.
int NchwcConvRows(const NchwcConvShape& s);

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
