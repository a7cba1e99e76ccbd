// 3x3 stride-1 convolution (dilation 1, one group) by Winograd F(4x4, 3x3) or F(2x2, 3x3)
// on NCHW data. Described for F(4x4, 3x3):
//
// Each 4x4 output block is computed from the 6x6 input tile around it: the tile is
// transformed (B^T d B), multiplied element-wise with the transformed filter (G g G^T) and
// summed over input channels, then transformed back (A^T m A). Summing over channels for
// one of the 36 positions of the 6x6 transform domain is a GEMM: out_c x in_c (transformed
// filter, packed once) times in_c x tiles (transformed input), so the work is 36 GEMMs with
// 36 * out_c * in_c * tiles multiply-adds instead of 9 * 16 * out_c * in_c * tiles: 2.25x
// fewer, plus the transforms. Tiles of the whole batch are processed in blocks of tile rows
// whose transformed input stays in L2; within a block, each group of output channels runs
// its 36 GEMMs (over those rows of the packed filters) and at once its output transform, so
// the products are read back from L2 rather than written out for the whole layer first.
//
// The transforms run with AVX2/FMA when the CPU has it (SgemmIsa::kScalar in the options
// forces the portable ones); the GEMMs are SgemmPacked with the options' ISA.
#pragma once

#include <cstddef>

#include "lite/backends/x86/math/gemm/sgemm.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// F(m x m, 3x3): output blocks of 4x4 from 6x6 tiles (36 GEMMs, 4x fewer multiplies than
// direct), or of 2x2 from 4x4 tiles (16 GEMMs, 2.25x fewer) for planes too small to give
// F(4x4) enough tiles (a 7x7 plane is 4 tiles of 4x4 but 16 of 2x2).
enum class WinogradVariant { kF4x4, kF2x2 };

struct WinogradConvShape {
  WinogradVariant variant{WinogradVariant::kF4x4};
  int batch{1};
  int in_c{0}, in_h{0}, in_w{0};
  int out_c{0}, out_h{0}, out_w{0};
  // Output (oy, ox) reads input rows oy - pad_top .. oy - pad_top + 2 (zero outside the
  // input), columns likewise; bottom/right paddings only show in out_h / out_w.
  int pad_top{0}, pad_left{0};
};

// Floats WinogradTransformFilter writes for an [out_c, in_c, 3, 3] filter.
size_t WinogradFilterSize(int out_c, int in_c,
                          WinogradVariant variant = WinogradVariant::kF4x4);

// Transforms filter [out_c, in_c, 3, 3] into the 36 (16) packed GEMM operands
// (WinogradFilterSize floats in `packed`, a layout internal to this library).
void WinogradTransformFilter(const float* filter, int out_c, int in_c, float* packed,
                             WinogradVariant variant = WinogradVariant::kF4x4);

// The transformed filter before packing: transformed[pos][oc][ic] = (G g G^T) at position
// pos of the tile, computed in double and rounded (variant.positions * out_c * in_c floats).
void WinogradFilterPositions(const float* filter, int out_c, int in_c, WinogradVariant variant,
                             float* transformed);

// Output blocks of `variant` over `batch` images of out_h x out_w: its GEMMs' width.
int WinogradTiles(int batch, int out_h, int out_w, WinogradVariant variant);

// Floats of scratch WinogradConv3x3 needs for `shape` split over `threads` tasks.
size_t WinogradScratchSize(const WinogradConvShape& shape, int threads);

// out[n, oc] = act(bias[oc] + conv3x3(x[n], filter[oc])) with x [batch, in_c, in_h, in_w]
// (any activation kind, applied in the output transform)
// and out [batch, out_c, out_h, out_w]; bias may be nullptr. packed_filter comes from
// WinogradTransformFilter with shape.variant; scratch holds
// WinogradScratchSize(shape, options.threads) floats. Work is split over
// options.parallel_for when set. Throws PaddleLiteException on negative sizes, null
// pointers or a scratch smaller than needed.
void WinogradConv3x3(const WinogradConvShape& shape, const float* x, const float* packed_filter,
                     const float* bias, const Activation& act, float* out, float* scratch,
                     size_t scratch_size, const SgemmOptions& options = {});

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
