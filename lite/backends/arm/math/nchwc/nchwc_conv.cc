// NEON tiles of the NCHW4c direct convolution (NchwcConv, nchwc_math.h).
#include "lite/backends/arm/math/nchwc/nchwc_math.h"

#include <arm_neon.h>

#include <type_traits>
#include <utility>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

#include "lite/backends/arm/math/vec_neon.inc"
#include "lite/backends/simd/activation_vec.inc"

using V = VecNeon;
constexpr int kBlock = kNchwcBlock;

#include "lite/backends/simd/nchwc/nchwc_conv_kernel.inc"

}  // namespace

void NchwcConv(const NchwcConvShape& s, const float* in, const float* packed,
               const Activation& act, int block_begin, int block_end, int row_begin,
               int row_end, float* out) {
  simd::CheckNchwcConvCall(s, kBlock, block_begin, block_end, row_begin, row_end,
                          "NchwcConv (NCHW4c)");
  if (block_begin >= block_end || row_begin >= row_end) return;
  Run(s, in, packed, act, block_begin, block_end, row_begin, row_end, out);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
