// NEON loops of the NCHW4c pool (NchwcPool, nchwc_math.h).
#include "lite/backends/arm/math/nchwc/nchwc_math.h"

#include <arm_neon.h>

#include <cfloat>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

#include "lite/backends/arm/math/vec_neon.inc"

using V = VecNeon;
constexpr int kBlock = kNchwcBlock;

#include "lite/backends/simd/nchwc/nchwc_pool_kernel.inc"

}  // namespace

void NchwcPool(const float* in, const NchwcPoolPlan& plan, int64_t blocks, int row_begin,
               int row_end, float* out) {
  Pool(in, plan, blocks, row_begin, row_end, out);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
