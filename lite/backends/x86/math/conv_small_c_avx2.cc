// AVX2/FMA tiles of the small-channel convolution (see conv_small_c.h): 4 output channels x
// 3 ymm of 8 columns (12 of the 16 ymm registers accumulate). Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/conv_small_c.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

// Lanes [8 - n, 16 - n) of this table are the store mask for the first n of 8 lanes.
alignas(32) const int kFirstLanes[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};

struct V {
  using T = __m256;
  static constexpr int kW = 8;
  static constexpr int kOcb = 4;
  static constexpr int kNv = 3;
  static T Load(const float* p) { return _mm256_loadu_ps(p); }
  static void Store(float* p, T v) { _mm256_storeu_ps(p, v); }
  static void StoreFirst(float* p, T v, int n) {
    _mm256_maskstore_ps(p, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kFirstLanes + 8 - n)),
                        v);
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
  // Per 128-bit lane lo0 lo2 hi0 hi2 | lo4 lo6 hi4 hi6; then order the 64-bit halves.
  static T Even(T lo, T hi) {
    return _mm256_castpd_ps(_mm256_permute4x64_pd(
        _mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0))),
        _MM_SHUFFLE(3, 1, 2, 0)));
  }
};

#include "lite/backends/x86/math/conv_small_c_kernel.inc"

}  // namespace

void SmallCConvChunkAvx2(const SmallCConvShape& s, const float* in, int iy0, int in_rows,
                         const SmallCChunk& chunk, const float* packed,
                         const SmallCEpilogue& epilogue, float* out) {
  ConvChunk(s, in, iy0, in_rows, chunk, packed, epilogue, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
