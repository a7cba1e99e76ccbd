// Direct convolution producing NCHW4c output (lite/core/blocked_layout.h), from an NCHW4c
// input or, for a network's first convolution, from an NCHW input of a few channels: the
// tiles shared with x86's NCHW16c (lite/backends/simd/nchwc/nchwc_conv_kernel.inc) over
// NEON, a block of 4 channels being one q register. A register tile is P output pixels x up
// to 4 blocks: 6 x 4, 8 x 3, 12 x 2 or 12 x 1 accumulators (at most 24 of the 32 q
// registers, the rest hold the tile's weights and the broadcast input), the shape of the
// 8x12 SGEMM tile. The contract is x86 nchwc_conv.h's with 4-channel blocks.
#pragma once

#include <cstddef>

#include "lite/backends/simd/nchwc/nchwc_conv_plan.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

using simd::NchwcConvShape;
using simd::kNchwcGroupBlocks;
using simd::NchwcConvSupports;
using simd::NchwcConvIsPointwise;
using simd::NchwcConvRows;
constexpr int kNchwcBlock = 4;

inline size_t NchwcPackedFilterSize(const NchwcConvShape& s) {
  return simd::NchwcPackedFilterSize(s, kNchwcBlock);
}
inline void NchwcPackFilter(const NchwcConvShape& s, const float* filter, const float* bias,
                            float* packed) {
  simd::NchwcPackFilter(s, kNchwcBlock, filter, bias, packed);
}

// Output blocks [block_begin, block_end) (whole packed groups) of output rows
// [row_begin, row_end) (pixels for a pointwise shape) of one image; `packed` from
// NchwcPackFilter.
void NchwcConv(const NchwcConvShape& s, const float* in, const float* packed,
               const Activation& act, int block_begin, int block_end, int row_begin,
               int row_end, float* out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
