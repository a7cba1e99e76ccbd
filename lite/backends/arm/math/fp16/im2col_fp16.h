// im2col for the fp16 convolutions, written straight into the fp16 GEMM's packed B layout
// (gemm_fp16.h), so unfolding a block of output columns is the only copy of the input.
// (See convert_fp16.h for why these headers hold declarations only.)
#pragma once

#include "lite/backends/host/math/im2col.h"

namespace paddle {
namespace lite {

struct float16;

namespace arm {
namespace math {

// The columns [col_begin, col_end) of im's im2col matrix (host::math::Im2Col: rows
// (c, kh, kw), columns oh * out_w + ow) as a packed B of channels * kernel_h * kernel_w rows
// and col_end - col_begin columns (PackedBFp16Size halves). im: [channels, in_h, in_w].
void Im2ColPackedFp16(const float16* im, int channels, const host::math::ConvWindow& w,
                      int col_begin, int col_end, float16* packed);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
