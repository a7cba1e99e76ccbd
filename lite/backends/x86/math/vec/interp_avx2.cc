// AVX2/FMA interpolation rows (see interp_avx2.h). Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/vec/interp_avx2.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

void GatherRowAvx2(const float* src, const int* idx, int n, float* out) {
  int x = 0;
  for (; x + 8 <= n; x += 8) {
    const __m256i i = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + x));
    _mm256_storeu_ps(out + x, _mm256_i32gather_ps(src, i, 4));
  }
  for (; x < n; ++x) out[x] = src[idx[x]];
}

void LinearBlendGatherAvx2(const float* src, const int* lo, const int* hi, const float* w_hi,
                           int n, float* out) {
  int x = 0;
  for (; x + 8 <= n; x += 8) {
    const __m256 a = _mm256_i32gather_ps(
        src, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(lo + x)), 4);
    const __m256 b = _mm256_i32gather_ps(
        src, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(hi + x)), 4);
    const __m256 w = _mm256_loadu_ps(w_hi + x);
    // a * (1 - w) + b * w = a + w * (b - a)
    _mm256_storeu_ps(out + x, _mm256_fmadd_ps(w, _mm256_sub_ps(b, a), a));
  }
  for (; x < n; ++x) out[x] = src[lo[x]] * (1.f - w_hi[x]) + src[hi[x]] * w_hi[x];
}

void LinearBlendRowsAvx2(const float* top, const float* bottom, float w_hi, int n, float* out) {
  const __m256 w1 = _mm256_set1_ps(w_hi);
  const __m256 w0 = _mm256_set1_ps(1.f - w_hi);
  int x = 0;
  for (; x + 8 <= n; x += 8) {
    _mm256_storeu_ps(out + x, _mm256_fmadd_ps(_mm256_loadu_ps(bottom + x), w1,
                                              _mm256_mul_ps(_mm256_loadu_ps(top + x), w0)));
  }
  for (; x < n; ++x) out[x] = top[x] * (1.f - w_hi) + bottom[x] * w_hi;
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
