// Rounding helpers for AVX2 translation units (built with -mavx2; include only there).
// Internal linkage, so no AVX2 copy is shared with baseline code at link time.
#pragma once

#include <immintrin.h>

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace {

// round(v), halfway cases away from zero (std::round): trunc, then one step outward when
// the dropped fraction is at least one half (v - trunc(v) is exact). NaN stays NaN, and so
// does -0 (a blend, not an add of zero).
inline __m256 RoundHalfAway(__m256 v) {
  const __m256 t = _mm256_round_ps(v, _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
  const __m256 sign_mask = _mm256_set1_ps(-0.f);
  const __m256 abs_frac = _mm256_andnot_ps(sign_mask, _mm256_sub_ps(v, t));
  const __m256 step = _mm256_or_ps(_mm256_and_ps(v, sign_mask), _mm256_set1_ps(1.f));
  const __m256 away = _mm256_cmp_ps(abs_frac, _mm256_set1_ps(0.5f), _CMP_GE_OQ);
  return _mm256_blendv_ps(t, _mm256_add_ps(t, step), away);
}

}  // namespace
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
