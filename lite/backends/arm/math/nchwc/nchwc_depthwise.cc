// NEON loops of the NCHW4c depthwise convolution (NchwcDepthwiseRows, nchwc_math.h).
#include "lite/backends/arm/math/nchwc/nchwc_math.h"

#include <arm_neon.h>

#include <cstddef>
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

#include "lite/backends/simd/nchwc/nchwc_depthwise_kernel.inc"

}  // namespace

void NchwcDepthwiseRows(const NchwcDepthwiseShape& s, const float* in, const float* filter,
                        const float* bias, const Activation& act, int oy0, int oy1,
                        float* out) {
  Rows(s, in, filter, bias, act, oy0, oy1, out);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
