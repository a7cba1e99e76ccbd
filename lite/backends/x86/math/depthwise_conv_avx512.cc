// AVX-512 depthwise plane kernel (see depthwise_conv.h): 16 columns per zmm. Built with
// -mavx512f -mavx2 -mfma; called only when the CPU has AVX-512F (depthwise_conv.cc).
// GCC 12 reports _mm512_undefined_ps() inside max/min as maybe-uninitialized (a false
// positive of its own headers).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/depthwise_conv.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

struct V {
  using T = __m512;
  using M = __mmask16;
  static constexpr int kW = 16;
  static T Load(const float* p) { return _mm512_loadu_ps(p); }
  static void Store(float* p, T v) { _mm512_storeu_ps(p, v); }
  static void StoreFirst(float* p, T v, int n) {
    _mm512_mask_storeu_ps(p, static_cast<__mmask16>((1u << n) - 1u), v);
  }
  static T Set1(float f) { return _mm512_set1_ps(f); }
  static T Fmadd(T a, T b, T c) { return _mm512_fmadd_ps(a, b, c); }
  static T Max(T a, T b) { return _mm512_max_ps(a, b); }
  static T Min(T a, T b) { return _mm512_min_ps(a, b); }
  static T Mul(T a, T b) { return _mm512_mul_ps(a, b); }
  static T Div(T a, T b) { return _mm512_div_ps(a, b); }
  static T Add(T a, T b) { return _mm512_add_ps(a, b); }
  static T Positive(T x, T neg) {
    return _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, _mm512_setzero_ps(), _CMP_GT_OQ), neg, x);
  }
  static M Lanes(int first, int limit) {
    const int lo = first < 0 ? -first : 0;                       // lanes before column 0
    const int hi = limit - first > kW ? kW : limit - first;      // lanes before `limit`
    if (hi <= lo) return 0;
    return static_cast<M>(((1u << hi) - 1u) & ~((1u << lo) - 1u));
  }
  static T LoadMasked(const float* p, M m) { return _mm512_maskz_loadu_ps(m, p); }
  static T Even(T lo, T hi) {
    const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4,
                                          2, 0);
    return _mm512_permutex2var_ps(lo, even, hi);
  }
  static T Odd(T lo, T hi) {
    const __m512i odd = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5,
                                         3, 1);
    return _mm512_permutex2var_ps(lo, odd, hi);
  }
};

#include "lite/backends/x86/math/depthwise_conv_kernel.inc"

}  // namespace

void DepthwiseConvPlaneAvx512(const float* in, const float* filter, float bias,
                              const DepthwisePlane& p, const DepthwiseEpilogue& epilogue,
                              float* out) {
  ConvPlane(in, filter, bias, p, epilogue, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
