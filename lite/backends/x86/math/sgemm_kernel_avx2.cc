// The AVX2/FMA micro-kernel: the only file built with -mavx2 -mfma (see sgemm_kernel.h for
// why it includes no standard header).
#include <immintrin.h>

#include "lite/backends/x86/math/sgemm_kernel.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace sgemm_internal {

namespace {

__attribute__((always_inline)) inline __m256 Finish(__m256 acc, const float* c, float beta,
                                                    __m256 vbeta, bool has_bias, float bias,
                                                    int act) {
  if (beta != 0.f) acc = _mm256_fmadd_ps(vbeta, _mm256_loadu_ps(c), acc);
  if (has_bias) acc = _mm256_add_ps(acc, _mm256_set1_ps(bias));
  if (act != kActNone) {
    acc = _mm256_max_ps(acc, _mm256_setzero_ps());
    if (act == kActRelu6) acc = _mm256_min_ps(acc, _mm256_set1_ps(6.f));
  }
  return acc;
}

}  // namespace

void MicroKernelAvx2(int kc, const float* a, const float* b, long b_stride, float* c,
                     long ldc, float beta, const float* bias, int act) {
  __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps();
  __m256 c10 = _mm256_setzero_ps(), c11 = _mm256_setzero_ps();
  __m256 c20 = _mm256_setzero_ps(), c21 = _mm256_setzero_ps();
  __m256 c30 = _mm256_setzero_ps(), c31 = _mm256_setzero_ps();
  __m256 c40 = _mm256_setzero_ps(), c41 = _mm256_setzero_ps();
  __m256 c50 = _mm256_setzero_ps(), c51 = _mm256_setzero_ps();

#define PLITE_SGEMM_STEP(A, B)                                   \
  do {                                                           \
    const __m256 b0 = _mm256_loadu_ps(B);                        \
    const __m256 b1 = _mm256_loadu_ps((B) + 8);                  \
    __m256 av = _mm256_broadcast_ss((A) + 0);                    \
    c00 = _mm256_fmadd_ps(av, b0, c00);                          \
    c01 = _mm256_fmadd_ps(av, b1, c01);                          \
    av = _mm256_broadcast_ss((A) + 1);                           \
    c10 = _mm256_fmadd_ps(av, b0, c10);                          \
    c11 = _mm256_fmadd_ps(av, b1, c11);                          \
    av = _mm256_broadcast_ss((A) + 2);                           \
    c20 = _mm256_fmadd_ps(av, b0, c20);                          \
    c21 = _mm256_fmadd_ps(av, b1, c21);                          \
    av = _mm256_broadcast_ss((A) + 3);                           \
    c30 = _mm256_fmadd_ps(av, b0, c30);                          \
    c31 = _mm256_fmadd_ps(av, b1, c31);                          \
    av = _mm256_broadcast_ss((A) + 4);                           \
    c40 = _mm256_fmadd_ps(av, b0, c40);                          \
    c41 = _mm256_fmadd_ps(av, b1, c41);                          \
    av = _mm256_broadcast_ss((A) + 5);                           \
    c50 = _mm256_fmadd_ps(av, b0, c50);                          \
    c51 = _mm256_fmadd_ps(av, b1, c51);                          \
  } while (0)

  int p = 0;
  for (; p + 4 <= kc; p += 4) {
    PLITE_SGEMM_STEP(a, b);
    PLITE_SGEMM_STEP(a + kMR, b + b_stride);
    PLITE_SGEMM_STEP(a + 2 * kMR, b + 2 * b_stride);
    PLITE_SGEMM_STEP(a + 3 * kMR, b + 3 * b_stride);
    a += 4 * kMR;
    b += 4 * b_stride;
  }
  for (; p < kc; ++p) {
    PLITE_SGEMM_STEP(a, b);
    a += kMR;
    b += b_stride;
  }
#undef PLITE_SGEMM_STEP

  const __m256 vbeta = _mm256_set1_ps(beta);
  const bool has_bias = bias != nullptr;
#define PLITE_SGEMM_STORE(R, LO, HI)                                                   \
  do {                                                                                 \
    float* row = c + (R) * ldc;                                                        \
    const float bias_r = has_bias ? bias[R] : 0.f;                                     \
    _mm256_storeu_ps(row, Finish(LO, row, beta, vbeta, has_bias, bias_r, act));        \
    _mm256_storeu_ps(row + 8, Finish(HI, row + 8, beta, vbeta, has_bias, bias_r, act)); \
  } while (0)
  PLITE_SGEMM_STORE(0, c00, c01);
  PLITE_SGEMM_STORE(1, c10, c11);
  PLITE_SGEMM_STORE(2, c20, c21);
  PLITE_SGEMM_STORE(3, c30, c31);
  PLITE_SGEMM_STORE(4, c40, c41);
  PLITE_SGEMM_STORE(5, c50, c51);
#undef PLITE_SGEMM_STORE
}

void MicroKernelAvx2Narrow(int kc, const float* a, const float* b, long b_stride, float* c,
                           long ldc, float beta, const float* bias, int act) {
  __m256 c0 = _mm256_setzero_ps(), c1 = _mm256_setzero_ps(), c2 = _mm256_setzero_ps();
  __m256 c3 = _mm256_setzero_ps(), c4 = _mm256_setzero_ps(), c5 = _mm256_setzero_ps();
  for (int p = 0; p < kc; ++p) {
    const __m256 b0 = _mm256_loadu_ps(b);
    c0 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 0), b0, c0);
    c1 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 1), b0, c1);
    c2 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 2), b0, c2);
    c3 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 3), b0, c3);
    c4 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 4), b0, c4);
    c5 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 5), b0, c5);
    a += kMR;
    b += b_stride;
  }
  const __m256 vbeta = _mm256_set1_ps(beta);
  const bool has_bias = bias != nullptr;
  const __m256 acc[kMR] = {c0, c1, c2, c3, c4, c5};
  for (int r = 0; r < kMR; ++r) {
    float* row = c + r * ldc;
    _mm256_storeu_ps(row, Finish(acc[r], row, beta, vbeta, has_bias, has_bias ? bias[r] : 0.f, act));
  }
}

}  // namespace sgemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
