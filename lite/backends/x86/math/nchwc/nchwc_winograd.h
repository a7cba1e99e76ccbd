// 3x3 stride-1 convolution (dilation 1, one group) by Winograd F(4x4, 3x3) on NCHW16c data
// (lite/core/blocked_layout.h).
//
// As in conv_winograd.h, each 4x4 output block comes from the 6x6 input tile around it,
// transformed (B^T d B), multiplied with the transformed filter (G g G^T) and summed over
// input channels, then transformed back (A^T m A); per tile position the sum over channels
// is a pointwise convolution of the transformed tiles. In NCHW16c every transform is plain
// vector arithmetic on 16 channels at a time (no transposes), and the 36 products per block
// run on the NCHW16c direct convolution's tiles (nchwc_conv.h) with the tiles of a block
// as its pixels. Tiles are taken in blocks whose transformed input and products stay in L2;
// per block, each group of 4 output blocks runs its 36 products and at once its output
// transform with bias and activation.
//
// Declarations only: the code lives in nchwc_conv_avx2.cc / _avx512.cc (with the direct
// convolution's tiles, nchwc_winograd_kernel.inc); nchwc_winograd.cc packs and dispatches.
#pragma once

#include <cstddef>

#include "lite/utils/activation.h"
#include "lite/backends/x86/math/nchwc/nchwc_conv.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// Shapes are NchwcConvShape with a 3x3 filter, stride 1, dilation 1 and a blocked input
// (the rest is not read).

// 4x4 output blocks of one image.
int NchwcWinogradTiles(const NchwcConvShape& s);

// The filter [out_c][in_c][3][3] transformed and packed per tile position as a pointwise
// NCHW16c filter, followed by the bias padded to whole blocks.
size_t NchwcWinogradFilterSize(int out_c, int in_c);
void NchwcWinogradPackFilter(const float* filter, const float* bias, int out_c, int in_c,
                             float* packed);

// Tiles per block: a block's transformed input and one filter group's products stay in L2,
// or the whole image is one block when that fits in ~2 MB (the transformed filter, 4x the
// filter, is then read once per image).
int NchwcWinogradBlockTiles(const NchwcConvShape& s);
// Scratch floats for the transformed input / one group's products of `tiles` tiles.
size_t NchwcWinogradInputSize(const NchwcConvShape& s, int tiles);
size_t NchwcWinogradProductSize(int tiles);

// The two phases of one tile block [tile_begin, tile_end) of one image (tiles row-major
// over its ceil(out_h / 4) x ceil(out_w / 4) 4x4 output blocks), which may each be split
// over threads: the input transform of input blocks [in_block_begin, in_block_end) into
// `v` (NchwcWinogradInputSize), then, once all are done, the products and output transform
// of output blocks [out_block_begin, out_block_end) (whole filter groups of
// kNchwcGroupBlocks) with `m` (NchwcWinogradProductSize) as scratch. `in`/`out` are the
// image in NCHW16c; `packed` comes from NchwcWinogradPackFilter. Needs AVX2+FMA; AVX-512
// where NchwcConvUsesAvx512().
void NchwcWinogradInput(const NchwcConvShape& s, const float* in, int tile_begin,
                        int tile_end, int in_block_begin, int in_block_end, float* v);
void NchwcWinogradOutput(const NchwcConvShape& s, const float* v, const float* packed,
                         const Activation& act, int tile_begin, int tile_end,
                         int out_block_begin, int out_block_end, float* m, float* out);

namespace nchwc_internal {
void NchwcWinogradInputAvx2(const NchwcConvShape& s, const float* in, int tile_begin,
                            int tile_end, int in_block_begin, int in_block_end, float* v);
void NchwcWinogradInputAvx512(const NchwcConvShape& s, const float* in, int tile_begin,
                              int tile_end, int in_block_begin, int in_block_end, float* v);
void NchwcWinogradOutputAvx2(const NchwcConvShape& s, const float* v, const float* packed,
                             const Activation& act, int tile_begin, int tile_end,
                             int out_block_begin, int out_block_end, float* m, float* out);
void NchwcWinogradOutputAvx512(const NchwcConvShape& s, const float* v,
                               const float* packed, const Activation& act,
                               int tile_begin, int tile_end, int out_block_begin,
                               int out_block_end, float* m, float* out);
}  // namespace nchwc_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
