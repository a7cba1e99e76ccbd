// NEON loops of the NCHW4c depthwise convolution (nchwc_depthwise.h).
#include "lite/backends/arm/math/nchwc/nchwc_depthwise.h"

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

struct V : VecNeon {
  // 2 x 8 accumulators and 9 weights for 3x3; 5x5's 25 weights leave room for 2 x 2.
  template <int K>
  static constexpr int kTilePixels = K == 3 ? 8 : 2;
};
constexpr int kBlock = kNchwcLanes;
using simd::NchwcDepthwiseTiled;

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
