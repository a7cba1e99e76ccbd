#include "lite/backends/arm/math/activation.h"

#include <arm_neon.h>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {
#include "lite/backends/arm/math/vec_neon.inc"
#include "lite/backends/simd/activation_vec.inc"
}  // namespace

void Activate(const float* x, const float* bias, float* out, long long n,
              const Activation& act) {
  ActivateArray<VecNeon>(x, bias, out, n, act);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
