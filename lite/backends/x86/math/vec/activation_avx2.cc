// AVX2/FMA activations, exp and softmax (see activation_avx2.h). Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/vec/activation_avx2.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

// No <cmath> here: its inline functions compiled with AVX2 could be kept for other files.
constexpr float kInf = __builtin_inff();

// exp(x) = 2^k * exp(r), k = round(x / ln 2), r = x - k ln 2 in [-ln2/2, ln2/2] (ln 2 split
// in two so k ln 2 stays exact); exp(r) by its Taylor polynomial to degree 6 (Horner).
__m256 Exp8(__m256 x) {
  const __m256 kMax = _mm256_set1_ps(88.7228391f);
  const __m256 kMin = _mm256_set1_ps(-87.3365448f);
  const __m256 too_large = _mm256_cmp_ps(x, kMax, _CMP_GT_OQ);
  const __m256 too_small = _mm256_cmp_ps(x, kMin, _CMP_LT_OQ);
  const __m256 xc = _mm256_max_ps(_mm256_min_ps(x, kMax), kMin);
  const __m256 k = _mm256_round_ps(_mm256_mul_ps(xc, _mm256_set1_ps(1.44269504088896341f)),
                                   _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m256 r = _mm256_fnmadd_ps(k, _mm256_set1_ps(0.693359375f), xc);
  r = _mm256_fnmadd_ps(k, _mm256_set1_ps(-2.12194440e-4f), r);
  __m256 p = _mm256_set1_ps(1.f / 720.f);
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f / 120.f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f / 24.f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f / 6.f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(0.5f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(1.f));
  // k is in [-126, 128]: build 2^k in two halves so k = 128 does not overflow the exponent.
  const __m256i ki = _mm256_cvtps_epi32(k);
  const __m256i half = _mm256_srai_epi32(ki, 1);
  const __m256 s1 = _mm256_castsi256_ps(
      _mm256_slli_epi32(_mm256_add_epi32(half, _mm256_set1_epi32(127)), 23));
  const __m256 s2 = _mm256_castsi256_ps(
      _mm256_slli_epi32(_mm256_add_epi32(_mm256_sub_epi32(ki, half), _mm256_set1_epi32(127)), 23));
  __m256 result = _mm256_mul_ps(_mm256_mul_ps(p, s1), s2);
  result = _mm256_blendv_ps(result, _mm256_setzero_ps(), too_small);
  result = _mm256_blendv_ps(result, _mm256_set1_ps(kInf), too_large);
  // NaN in, NaN out (the clamps above would turn it into a number).
  const __m256 is_nan = _mm256_cmp_ps(x, x, _CMP_UNORD_Q);
  return _mm256_blendv_ps(result, x, is_nan);
}

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

template <VecActivation kType>
__m256 Activate8(__m256 x, const VecActivationParams& a) {
  const __m256 zero = _mm256_setzero_ps();
  switch (kType) {
    case VecActivation::kRelu:
      return _mm256_max_ps(x, zero);
    case VecActivation::kRelu6:
      return _mm256_min_ps(_mm256_max_ps(x, zero), _mm256_set1_ps(a.relu6_threshold));
    case VecActivation::kLeakyRelu:
      return _mm256_blendv_ps(_mm256_mul_ps(x, _mm256_set1_ps(a.leaky_alpha)), x,
                              _mm256_cmp_ps(x, zero, _CMP_GT_OQ));
    case VecActivation::kHardSwish: {
      const __m256 t = _mm256_min_ps(
          _mm256_max_ps(_mm256_add_ps(x, _mm256_set1_ps(a.hard_swish_offset)), zero),
          _mm256_set1_ps(a.hard_swish_threshold));
      return _mm256_div_ps(_mm256_mul_ps(x, t), _mm256_set1_ps(a.hard_swish_scale));
    }
    case VecActivation::kHardSigmoid:
      return _mm256_min_ps(
          _mm256_max_ps(_mm256_fmadd_ps(x, _mm256_set1_ps(a.hard_sigmoid_slope),
                                        _mm256_set1_ps(a.hard_sigmoid_offset)),
                        zero),
          _mm256_set1_ps(1.f));
    case VecActivation::kSigmoid: {
      const __m256 one = _mm256_set1_ps(1.f);
      return _mm256_div_ps(one, _mm256_add_ps(one, Exp8(_mm256_sub_ps(zero, x))));
    }
  }
  return x;
}

template <VecActivation kType>
void ActivateAll(const float* x, float* out, long long n, const VecActivationParams& a) {
  long long i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, Activate8<kType>(_mm256_loadu_ps(x + i), a));
  if (i < n) StorePartial(out + i, n - i, Activate8<kType>(LoadPartial(x + i, n - i, 0.f), a));
}

}  // namespace

void ActivateAvx2(const float* x, float* out, long long n, const VecActivationParams& act) {
  switch (act.type) {
    case VecActivation::kRelu:
      return ActivateAll<VecActivation::kRelu>(x, out, n, act);
    case VecActivation::kRelu6:
      return ActivateAll<VecActivation::kRelu6>(x, out, n, act);
    case VecActivation::kLeakyRelu:
      return ActivateAll<VecActivation::kLeakyRelu>(x, out, n, act);
    case VecActivation::kHardSwish:
      return ActivateAll<VecActivation::kHardSwish>(x, out, n, act);
    case VecActivation::kHardSigmoid:
      return ActivateAll<VecActivation::kHardSigmoid>(x, out, n, act);
    case VecActivation::kSigmoid:
      return ActivateAll<VecActivation::kSigmoid>(x, out, n, act);
  }
}

void ExpAvx2(const float* x, float* out, long long n) {
  long long i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(out + i, Exp8(_mm256_loadu_ps(x + i)));
  if (i < n) StorePartial(out + i, n - i, Exp8(LoadPartial(x + i, n - i, 0.f)));
}

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
      for (long long c = full; c < width; ++c) max_row[c] = row[c] > max_row[c] ? row[c] : max_row[c];
    }
    for (long long c = 0; c < width; ++c) sum_row[c] = 0.f;
    for (long long k = 0; k < n; ++k) {
      const float* row = x + k * stride + c0;
      float* dst = out + k * stride + c0;
      for (long long c = 0; c < full; c += 8) {
        const __m256 e = Exp8(_mm256_sub_ps(_mm256_loadu_ps(row + c), _mm256_load_ps(max_row + c)));
        _mm256_storeu_ps(dst + c, e);
        _mm256_store_ps(sum_row + c, _mm256_add_ps(_mm256_load_ps(sum_row + c), e));
      }
      if (rest > 0) {
        const __m256 e = Exp8(_mm256_sub_ps(LoadPartial(row + full, rest, 0.f),
                                            LoadPartial(max_row + full, rest, 0.f)));
        StorePartial(dst + full, rest, e);
        StorePartial(sum_row + full, rest, _mm256_add_ps(LoadPartial(sum_row + full, rest, 0.f), e));
      }
    }
    for (long long c = 0; c < width; ++c) sum_row[c] = 1.f / sum_row[c];
    for (long long k = 0; k < n; ++k) {
      float* dst = out + k * stride + c0;
      for (long long c = 0; c < full; c += 8) {
        _mm256_storeu_ps(dst + c, _mm256_mul_ps(_mm256_loadu_ps(dst + c), _mm256_load_ps(sum_row + c)));
      }
      for (long long c = full; c < width; ++c) dst[c] *= sum_row[c];
    }
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
