// AVX2/FMA array activations (activation.h). Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/vec/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {
#include "lite/backends/x86/math/vec/vec_avx2.inc"
#include "lite/backends/simd/activation_vec.inc"
}  // namespace

void ActivateAvx2(const float* x, const float* bias, float* out, long long n,
                  const Activation& act) {
  ActivateArray<VecAvx2>(x, bias, out, n, act);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
