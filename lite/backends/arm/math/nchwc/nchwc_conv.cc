// NEON tiles of the NCHW4c direct convolution (nchwc_conv.h).
#include "lite/backends/arm/math/nchwc/nchwc_conv.h"

#include <arm_neon.h>

#include <type_traits>
#include <utility>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

#include "lite/backends/arm/math/vec_neon.inc"
#include "lite/backends/simd/activation_vec.inc"

using V = VecNeon;
constexpr int kBlock = kNchwcBlock;
constexpr int kMaxTileBlocks = 4;
// 24 accumulators at 3 or 4 blocks, 12 pixels below, as AVX-512's 32 registers.
constexpr int TilePixels(int blocks) { return blocks >= 4 ? 6 : blocks == 3 ? 8 : 12; }
constexpr int kMaxTilePixels = 12;
using simd::kNchwcMaxTaps;

#include "lite/backends/simd/nchwc/nchwc_conv_kernel.inc"

}  // namespace

void NchwcConv(const NchwcConvShape& s, const float* in, const float* packed,
               const Activation& act, int block_begin, int block_end, int row_begin,
               int row_end, float* out) {
  const int blocks = (s.out_c + kBlock - 1) / kBlock;
  PLITE_CHECK(NchwcConvSupports(s), "NchwcConv (NCHW4c): unsupported shape in ", s.in_c, "x",
              s.in_h, "x", s.in_w, " -> out ", s.out_c, "x", s.out_h, "x", s.out_w);
  PLITE_CHECK(block_begin % kNchwcGroupBlocks == 0 && block_begin >= 0 &&
                  (block_end % kNchwcGroupBlocks == 0 || block_end == blocks) &&
                  block_end <= blocks && row_begin >= 0 && row_end <= NchwcConvRows(s),
              "NchwcConv (NCHW4c): blocks [", block_begin, ", ", block_end, ") rows [",
              row_begin, ", ", row_end, ") outside the output or not whole filter groups");
  if (block_begin >= block_end || row_begin >= row_end) return;
  Run(s, in, packed, act, block_begin, block_end, row_begin, row_end, out);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
