// AVX-512 tiles of the small-channel convolution (see conv_small_c.h): 8 output channels x
// 3 zmm of 16 columns. Built with -mavx512f -mavx2 -mfma; called only when the CPU has
// AVX-512F (conv_small_c.cc).
// GCC 12 reports _mm512_undefined_ps() inside max/min as maybe-uninitialized (a false
// positive of its own headers).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

#include "lite/backends/x86/math/conv_small_c.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

struct V {
  using T = __m512;
  static constexpr int kW = 16;
  static constexpr int kOcb = 8;
  static constexpr int kNv = 3;
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
  static T Even(T lo, T hi) {
    const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4,
                                          2, 0);
    return _mm512_permutex2var_ps(lo, even, hi);
  }
};

#include "lite/backends/x86/math/conv_small_c_kernel.inc"

}  // namespace

void SmallCConvChunkAvx512(const SmallCConvShape& s, const float* in, int iy0, int in_rows,
                           const SmallCChunk& chunk, const float* packed,
                           const SmallCEpilogue& epilogue, float* out) {
  ConvChunk(s, in, iy0, in_rows, chunk, packed, epilogue, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
