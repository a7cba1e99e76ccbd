// AVX2/FMA depthwise plane kernel (see depthwise_conv.h): 8 columns per ymm. Built with
// -mavx2 -mfma.
#include <immintrin.h>

#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/depthwise_conv.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

// Lanes [8 - n, 16 - n) of this table are the store mask for the first n of 8 lanes.
alignas(32) const int kFirstLanes[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};

struct V {
  using T = __m256;
  using M = __m256i;
  static constexpr int kW = 8;
  static T Load(const float* p) { return _mm256_loadu_ps(p); }
  static void Store(float* p, T v) { _mm256_storeu_ps(p, v); }
  static void StoreFirst(float* p, T v, int n) {
    _mm256_maskstore_ps(p, FirstLanes(n), v);
  }
  static T Set1(float f) { return _mm256_set1_ps(f); }
  static T Fmadd(T a, T b, T c) { return _mm256_fmadd_ps(a, b, c); }
  static T Max(T a, T b) { return _mm256_max_ps(a, b); }
  static T Min(T a, T b) { return _mm256_min_ps(a, b); }
  static T Mul(T a, T b) { return _mm256_mul_ps(a, b); }
  static T Div(T a, T b) { return _mm256_div_ps(a, b); }
  static T Add(T a, T b) { return _mm256_add_ps(a, b); }
  static T Positive(T x, T neg) {
    return _mm256_blendv_ps(neg, x, _mm256_cmp_ps(x, _mm256_setzero_ps(), _CMP_GT_OQ));
  }
  // Lanes [8 - n, 16 - n) of kFirstLanes.
  static __m256i FirstLanes(int n) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kFirstLanes + 8 - n));
  }
  static M Lanes(int first, int limit) {
    const __m256i col = _mm256_add_epi32(_mm256_set1_epi32(first),
                                         _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    return _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), col),
                               _mm256_cmpgt_epi32(_mm256_set1_epi32(limit), col));
  }
  static T LoadMasked(const float* p, M m) { return _mm256_maskload_ps(p, m); }
  // Per 128-bit lane lo0 lo2 hi0 hi2 | lo4 lo6 hi4 hi6 (or the odd ones); then order the
  // 64-bit halves.
  static T Even(T lo, T hi) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(
        _mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0))),
        _MM_SHUFFLE(3, 1, 2, 0)));
  }
  template <int N>
  static T Shift(T hi, T lo, std::integral_constant<int, N>);  // 16 lanes only (unused)
  static T ShiftInLast(T v, T x) {
    const T shifted = _mm256_permutevar8x32_ps(v, _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 7));
    return _mm256_blend_ps(shifted, _mm256_broadcastss_ps(_mm256_castps256_ps128(x)), 0x80);
  }
  static T Odd(T lo, T hi) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(
        _mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1))),
        _MM_SHUFFLE(3, 1, 2, 0)));
  }
};

#include "lite/backends/x86/math/depthwise_conv_kernel.inc"

}  // namespace

void DepthwiseConvPlaneAvx2(const float* in, const float* filter, float bias,
                            const DepthwisePlane& p, const DepthwiseEpilogue& epilogue,
                            float* out) {
  ConvPlane(in, filter, bias, p, epilogue, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
