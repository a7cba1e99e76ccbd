// AVX2/FMA layer_norm rows (layer_norm_avx2.h). Built with -mavx2 -mfma.
#include "lite/backends/x86/math/vec/layer_norm_avx2.h"

#include <immintrin.h>

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

double HorizontalSum(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
  return _mm_cvtss_f32(s);
}

}  // namespace

void LayerNormRowAvx2(const float* x, const float* scale, const float* bias, float* out,
                      long long n, float epsilon, float* mean, float* var) {
  // Eight float lanes of n / 8 terms each; the lanes' total and the tail in double.
  __m256 acc = _mm256_setzero_ps();
  long long i = 0;
  for (; i + 8 <= n; i += 8) acc = _mm256_add_ps(acc, _mm256_loadu_ps(x + i));
  double sum = HorizontalSum(acc);
  for (; i < n; ++i) sum += x[i];
  const float m = static_cast<float>(n > 0 ? sum / n : 0.0);

  const __m256 vm = _mm256_set1_ps(m);
  acc = _mm256_setzero_ps();
  for (i = 0; i + 8 <= n; i += 8) {
    const __m256 d = _mm256_sub_ps(_mm256_loadu_ps(x + i), vm);
    acc = _mm256_fmadd_ps(d, d, acc);
  }
  double squares = HorizontalSum(acc);
  for (; i < n; ++i) squares += static_cast<double>(x[i] - m) * (x[i] - m);
  const double v = n > 0 ? squares / n : 0.0;
  // 1 / sqrt in double without <cmath> (its inline functions must not be built with AVX2
  // here): one scalar SSE2 square root.
  const double root = _mm_cvtsd_f64(_mm_sqrt_sd(_mm_setzero_pd(), _mm_set_sd(v + epsilon)));
  const float inv_std = static_cast<float>(1.0 / root);

  const __m256 vinv = _mm256_set1_ps(inv_std);
  for (i = 0; i + 8 <= n; i += 8) {
    __m256 y = _mm256_mul_ps(_mm256_sub_ps(_mm256_loadu_ps(x + i), vm), vinv);
    if (scale) y = _mm256_mul_ps(y, _mm256_loadu_ps(scale + i));
    if (bias) y = _mm256_add_ps(y, _mm256_loadu_ps(bias + i));
    _mm256_storeu_ps(out + i, y);
  }
  for (; i < n; ++i) {
    float y = (x[i] - m) * inv_std;
    if (scale) y *= scale[i];
    if (bias) y += bias[i];
    out[i] = y;
  }
  *mean = m;
  *var = static_cast<float>(v);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
