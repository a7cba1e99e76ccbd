// The Winograd transforms built with -mavx2 -mfma (see conv_winograd_transform.h).
#include <immintrin.h>

#include "lite/backends/x86/math/winograd/conv_winograd_transform.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace winograd_internal {

namespace {
#include "lite/backends/x86/math/vec/vec_avx2.inc"
#include "lite/backends/simd/activation_vec.inc"

// The activation's vector form, 8 lanes at a time (what the transforms' .inc calls).
class RowActivation {
 public:
  explicit RowActivation(const Activation& act) : act_(act) {}
  void operator()(float* y, int n) const {
    for (int i = 0; i < n; i += 8) _mm256_storeu_ps(y + i, act_(_mm256_loadu_ps(y + i)));
  }

 private:
  const VectorActivation<VecAvx2> act_;
};
}  // namespace

namespace avx2 {

// row[first .. first + 8), zero where the index is outside [0, in_w). Masked-off lanes
// are not read (no fault even past the row's ends).
static __m256 LoadRowPart(const float* row, int in_w, int first) {
  if (first >= 0 && first + 8 <= in_w) return _mm256_loadu_ps(row + first);
  const __m256i idx =
      _mm256_add_epi32(_mm256_set1_epi32(first), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
  const __m256i inside = _mm256_and_si256(_mm256_cmpgt_epi32(idx, _mm256_set1_epi32(-1)),
                                          _mm256_cmpgt_epi32(_mm256_set1_epi32(in_w), idx));
  if (_mm256_testz_si256(inside, inside)) return _mm256_setzero_ps();
  return _mm256_maskload_ps(row + first, inside);
}

// 8 groups of 4 floats -> 4 vectors of 8 (one per position in the group).
static void DeinterleaveGroup(const float* row, int in_w, int x, float* dst, int len) {
  const __m256 a0 = LoadRowPart(row, in_w, x), a1 = LoadRowPart(row, in_w, x + 8);
  const __m256 a2 = LoadRowPart(row, in_w, x + 16), a3 = LoadRowPart(row, in_w, x + 24);
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

// dst[0, n) = src[0, n) for n <= 32 (src holds 32 floats): whole vectors, then one masked.
static void CopyFloats(const float* src, int n, float* dst) {
  int i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(dst + i, _mm256_loadu_ps(src + i));
  if (i < n) {
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i mask = _mm256_cmpgt_epi32(_mm256_set1_epi32(n - i), lanes);
    _mm256_maskstore_ps(dst + i, mask, _mm256_loadu_ps(src + i));
  }
}

// 8 pairs -> 2 vectors of 8 (even and odd columns).
static void Deinterleave2Group(const float* row, int in_w, int x, float* dst, int len) {
  const __m256 a0 = LoadRowPart(row, in_w, x), a1 = LoadRowPart(row, in_w, x + 8);
  // Per 128-bit half: (p0 p1 p4 p5 | p2 p3 p6 p7); the 64-bit permute puts pairs in order.
  const __m256 even = _mm256_shuffle_ps(a0, a1, 0x88), odd = _mm256_shuffle_ps(a0, a1, 0xDD);
  _mm256_storeu_ps(dst, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(even), 0xD8)));
  _mm256_storeu_ps(dst + len,
                   _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(odd), 0xD8)));
}

// 2 vectors of 8 -> 8 pairs: dst[2 l + b] = c_b[l].
static void Interleave2x8(const float* c0, const float* c1, float* dst) {
  const __m256 b0 = _mm256_loadu_ps(c0), b1 = _mm256_loadu_ps(c1);
  const __m256 lo = _mm256_unpacklo_ps(b0, b1), hi = _mm256_unpackhi_ps(b0, b1);
  _mm256_storeu_ps(dst, _mm256_permute2f128_ps(lo, hi, 0x20));
  _mm256_storeu_ps(dst + 8, _mm256_permute2f128_ps(lo, hi, 0x31));
}

#include "lite/backends/x86/math/winograd/conv_winograd_transform.inc"
}  // namespace avx2

void InputTransformRowAvx2(const float* plane, int in_h, int in_w, int y0, int x0,
                           int tiles_w, float* v, long pos_stride, float* scratch) {
  avx2::InputTransformRowImpl(plane, in_h, in_w, y0, x0, tiles_w, v, pos_stride, scratch);
}

void OutputTransformRowAvx2(const float* m, long pos_stride, int tiles_w, float bias,
                            const Activation& act, float* out_plane, int out_h, int out_w,
                            int oy0) {
  avx2::OutputTransformRowImpl(m, pos_stride, tiles_w, bias, act, out_plane, out_h, out_w, oy0);
}

void InputTransformRowF2Avx2(const float* plane, int in_h, int in_w, int y0, int x0,
                             int tiles_w, float* v, long pos_stride, float* scratch) {
  avx2::InputTransformRowF2Impl(plane, in_h, in_w, y0, x0, tiles_w, v, pos_stride, scratch);
}

void OutputTransformRowF2Avx2(const float* m, long pos_stride, int tiles_w, float bias,
                              const Activation& act, float* out_plane, int out_h, int out_w,
                              int oy0) {
  avx2::OutputTransformRowF2Impl(m, pos_stride, tiles_w, bias, act, out_plane, out_h, out_w,
                                 oy0);
}

}  // namespace winograd_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
