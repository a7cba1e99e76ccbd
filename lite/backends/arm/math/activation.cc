#include "lite/backends/arm/math/activation.h"

#include <arm_neon.h>

#include "lite/utils/check.h"
#include "lite/utils/place.h"

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
  PLITE_CHECK(ActivationSupported(act.kind), "Activate: activation ",
              lite_api::ActivationTypeToStr(act.kind), " (", static_cast<int>(act.kind),
              ") is not supported");
  ActivateArray<VecNeon>(x, bias, out, n, act);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
