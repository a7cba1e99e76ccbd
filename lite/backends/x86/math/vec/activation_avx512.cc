// AVX-512 array activations (activation.h). Built with -mavx512f -mavx2 -mfma; called only
// when the CPU has AVX-512F (activation.cc).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"  // _mm512_undefined_ps in GCC 12's max/min
#endif
#include <immintrin.h>

#include "lite/backends/x86/math/vec/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {
#include "lite/backends/x86/math/vec/vec_avx512.inc"
#include "lite/backends/simd/activation_vec.inc"
}  // namespace

void ActivateAvx512(const float* x, const float* bias, float* out, long long n,
                    const Activation& act) {
  ActivateArray<VecAvx512>(x, bias, out, n, act);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
