// AVX2/FMA softmax rows and columns (softmax_avx2.h). Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/vec/softmax_avx2.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx2.inc"
#include "lite/backends/simd/activation_vec.inc"

// No <cmath> here: its inline functions compiled with AVX2 could be kept for other files.
constexpr float kInf = __builtin_inff();

__m256 Exp8(__m256 x) { return VecMath<VecAvx2>::Exp(x); }

// Loads the first `n` (< 8) floats of `p`, filling the rest with `fill`.
__m256 LoadPartial(const float* p, long long n, float fill) {
  alignas(32) float buf[8];
  for (int i = 0; i < 8; ++i) buf[i] = i < n ? p[i] : fill;
  return _mm256_load_ps(buf);
}

void StorePartial(float* p, long long n, __m256 v) {
  alignas(32) float buf[8];
  _mm256_store_ps(buf, v);
  for (long long i = 0; i < n; ++i) p[i] = buf[i];
}

float HorizontalMax(__m256 v) {
  __m128 m = _mm_max_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  m = _mm_max_ps(m, _mm_movehl_ps(m, m));
  m = _mm_max_ss(m, _mm_shuffle_ps(m, m, 1));
  return _mm_cvtss_f32(m);
}

float HorizontalSum(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
  return _mm_cvtss_f32(s);
}

}  // namespace

void SoftmaxRowAvx2(const float* x, float* out, long long n) {
  if (n <= 0) return;
  __m256 vmax = _mm256_set1_ps(-kInf);
  long long i = 0;
  for (; i + 8 <= n; i += 8) vmax = _mm256_max_ps(vmax, _mm256_loadu_ps(x + i));
  float max_value = HorizontalMax(vmax);
  for (; i < n; ++i) max_value = x[i] > max_value ? x[i] : max_value;

  const __m256 shift = _mm256_set1_ps(max_value);
  __m256 vsum = _mm256_setzero_ps();
  for (i = 0; i + 8 <= n; i += 8) {
    const __m256 e = Exp8(_mm256_sub_ps(_mm256_loadu_ps(x + i), shift));
    _mm256_storeu_ps(out + i, e);
    vsum = _mm256_add_ps(vsum, e);
  }
  if (i < n) {  // the padding lanes hold -inf - max: exp gives 0 and adds nothing
    const __m256 e = Exp8(_mm256_sub_ps(LoadPartial(x + i, n - i, -kInf), shift));
    StorePartial(out + i, n - i, e);
    vsum = _mm256_add_ps(vsum, e);
  }
  const __m256 scale = _mm256_set1_ps(1.f / HorizontalSum(vsum));
  for (i = 0; i + 8 <= n; i += 8) {
    _mm256_storeu_ps(out + i, _mm256_mul_ps(_mm256_loadu_ps(out + i), scale));
  }
  for (; i < n; ++i) out[i] *= _mm256_cvtss_f32(scale);
}

void SoftmaxColumnsAvx2(const float* x, float* out, long long n, long long columns,
                        long long stride) {
  if (n <= 0) return;
  // Columns in chunks of kChunk: each pass streams kChunk contiguous floats per row (whole
  // cache lines, prefetch-friendly) against running max / sum rows kept in L1.
  constexpr long long kChunk = 256;
  alignas(32) float max_row[kChunk];
  alignas(32) float sum_row[kChunk];
  for (long long c0 = 0; c0 < columns; c0 += kChunk) {
    const long long width = columns - c0 < kChunk ? columns - c0 : kChunk;
    const long long full = width / 8 * 8;
    const long long rest = width - full;
    for (long long c = 0; c < width; ++c) max_row[c] = x[c0 + c];
    for (long long k = 1; k < n; ++k) {
      const float* row = x + k * stride + c0;
      for (long long c = 0; c < full; c += 8) {
        _mm256_store_ps(max_row + c, _mm256_max_ps(_mm256_load_ps(max_row + c),
                                                   _mm256_loadu_ps(row + c)));
      }
      for (long long c = full; c < width; ++c) {
        max_row[c] = row[c] > max_row[c] ? row[c] : max_row[c];
      }
    }
    for (long long c = 0; c < width; ++c) sum_row[c] = 0.f;
    for (long long k = 0; k < n; ++k) {
      const float* row = x + k * stride + c0;
      float* dst = out + k * stride + c0;
      for (long long c = 0; c < full; c += 8) {
        const __m256 e =
            Exp8(_mm256_sub_ps(_mm256_loadu_ps(row + c), _mm256_load_ps(max_row + c)));
        _mm256_storeu_ps(dst + c, e);
        _mm256_store_ps(sum_row + c, _mm256_add_ps(_mm256_load_ps(sum_row + c), e));
      }
      if (rest > 0) {
        const __m256 e = Exp8(_mm256_sub_ps(LoadPartial(row + full, rest, 0.f),
                                            LoadPartial(max_row + full, rest, 0.f)));
        StorePartial(dst + full, rest, e);
        StorePartial(sum_row + full, rest,
                     _mm256_add_ps(LoadPartial(sum_row + full, rest, 0.f), e));
      }
    }
    for (long long c = 0; c < width; ++c) sum_row[c] = 1.f / sum_row[c];
    for (long long k = 0; k < n; ++k) {
      float* dst = out + k * stride + c0;
      for (long long c = 0; c < full; c += 8) {
        _mm256_storeu_ps(dst + c,
                         _mm256_mul_ps(_mm256_loadu_ps(dst + c), _mm256_load_ps(sum_row + c)));
      }
      for (long long c = full; c < width; ++c) dst[c] *= sum_row[c];
    }
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
