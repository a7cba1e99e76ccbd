// The Winograd transforms built with -mavx2 -mfma (see conv_winograd_transform.h).
#include <immintrin.h>

#include "lite/backends/x86/math/conv_winograd_transform.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace winograd_internal {
namespace avx2 {

// 8 groups of 4 floats -> 4 vectors of 8 (one per position in the group). Groups that
// reach past either end of the row load with a mask (zeros outside, nothing read there).
static void DeinterleaveGroup(const float* row, int in_w, int x, float* dst, int len) {
  __m256 a0, a1, a2, a3;
  if (x >= 0 && x + 32 <= in_w) {
    a0 = _mm256_loadu_ps(row + x);
    a1 = _mm256_loadu_ps(row + x + 8);
    a2 = _mm256_loadu_ps(row + x + 16);
    a3 = _mm256_loadu_ps(row + x + 24);
  } else {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i below = _mm256_set1_epi32(-1), end = _mm256_set1_epi32(in_w);
    __m256 a[4];
    for (int j = 0; j < 4; ++j) {
      const int first = x + 8 * j;
      const __m256i idx = _mm256_add_epi32(_mm256_set1_epi32(first), lane);
      const __m256i inside =
          _mm256_and_si256(_mm256_cmpgt_epi32(idx, below), _mm256_cmpgt_epi32(end, idx));
      // Masked-off lanes are not read (no fault even past the row's ends).
      if (_mm256_testz_si256(inside, inside)) {
        a[j] = _mm256_setzero_ps();
      } else {
        a[j] = _mm256_maskload_ps(row + first, inside);
      }
    }
    a0 = a[0];
    a1 = a[1];
    a2 = a[2];
    a3 = a[3];
  }
  // Per 128-bit half: t0 = (g0m0 g2m0 g0m1 g2m1 | g1m0 g3m0 g1m1 g3m1), ...
  const __m256 t0 = _mm256_unpacklo_ps(a0, a1), t1 = _mm256_unpackhi_ps(a0, a1);
  const __m256 t2 = _mm256_unpacklo_ps(a2, a3), t3 = _mm256_unpackhi_ps(a2, a3);
  // u_m = (g0 g4 g2 g6 | g1 g5 g3 g7) of position m.
  const __m256i order = _mm256_setr_epi32(0, 4, 2, 6, 1, 5, 3, 7);
  _mm256_storeu_ps(dst, _mm256_permutevar8x32_ps(_mm256_unpacklo_ps(t0, t2), order));
  _mm256_storeu_ps(dst + len, _mm256_permutevar8x32_ps(_mm256_unpackhi_ps(t0, t2), order));
  _mm256_storeu_ps(dst + 2 * len, _mm256_permutevar8x32_ps(_mm256_unpacklo_ps(t1, t3), order));
  _mm256_storeu_ps(dst + 3 * len, _mm256_permutevar8x32_ps(_mm256_unpackhi_ps(t1, t3), order));
}

// 4 vectors of 8 -> 8 groups of 4: dst[4 l + b] = c_b[l].
static void Interleave8(const float* c0, const float* c1, const float* c2, const float* c3,
                        float* dst) {
  const __m256 b0 = _mm256_loadu_ps(c0), b1 = _mm256_loadu_ps(c1);
  const __m256 b2 = _mm256_loadu_ps(c2), b3 = _mm256_loadu_ps(c3);
  const __m256 t0 = _mm256_unpacklo_ps(b0, b1), t1 = _mm256_unpackhi_ps(b0, b1);
  const __m256 t2 = _mm256_unpacklo_ps(b2, b3), t3 = _mm256_unpackhi_ps(b2, b3);
  // u0 = (group 0 | group 4), u1 = (1 | 5), u2 = (2 | 6), u3 = (3 | 7).
  const __m256 u0 = _mm256_shuffle_ps(t0, t2, 0x44), u1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  const __m256 u2 = _mm256_shuffle_ps(t1, t3, 0x44), u3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  _mm256_storeu_ps(dst, _mm256_permute2f128_ps(u0, u1, 0x20));
  _mm256_storeu_ps(dst + 8, _mm256_permute2f128_ps(u2, u3, 0x20));
  _mm256_storeu_ps(dst + 16, _mm256_permute2f128_ps(u0, u1, 0x31));
  _mm256_storeu_ps(dst + 24, _mm256_permute2f128_ps(u2, u3, 0x31));
}

#include "lite/backends/x86/math/conv_winograd_transform.inc"
}  // namespace avx2

void InputTransformRowAvx2(const float* plane, int in_h, int in_w, int y0, int x0,
                           int tiles_w, float* v, long pos_stride, float* scratch) {
  avx2::InputTransformRowImpl(plane, in_h, in_w, y0, x0, tiles_w, v, pos_stride, scratch);
}

void OutputTransformRowAvx2(const float* m, long pos_stride, int tiles_w, float bias, int act,
                            float* out_plane, int out_h, int out_w, int oy0) {
  avx2::OutputTransformRowImpl(m, pos_stride, tiles_w, bias, act, out_plane, out_h, out_w, oy0);
}

}  // namespace winograd_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
