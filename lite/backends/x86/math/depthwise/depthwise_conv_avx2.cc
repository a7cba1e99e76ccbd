// AVX2/FMA depthwise plane kernel (see depthwise_conv.h): 8 columns per ymm. Built with
// -mavx2 -mfma.
#include <immintrin.h>

#include <type_traits>
#include <utility>

#include "lite/backends/x86/math/depthwise/depthwise_conv.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx2.inc"
#include "lite/backends/simd/activation_vec.inc"

struct V : VecAvx2 {
  using M = __m256i;
  static M Lanes(int first, int limit) {
    const __m256i col = _mm256_add_epi32(_mm256_set1_epi32(first),
                                         _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
    return _mm256_andnot_si256(_mm256_cmpgt_epi32(_mm256_setzero_si256(), col),
                               _mm256_cmpgt_epi32(_mm256_set1_epi32(limit), col));
  }
  static T LoadMasked(const float* p, M m) { return _mm256_maskload_ps(p, m); }
  template <int N>
  static T Shift(T hi, T lo, std::integral_constant<int, N>);  // 16 lanes only (unused)
  static T ShiftInLast(T v, T x) {
    const T shifted = _mm256_permutevar8x32_ps(v, _mm256_setr_epi32(1, 2, 3, 4, 5, 6, 7, 7));
    return _mm256_blend_ps(shifted, _mm256_broadcastss_ps(_mm256_castps256_ps128(x)), 0x80);
  }
};

#include "lite/backends/simd/depthwise_conv_kernel.inc"

}  // namespace

void DepthwiseConvPlaneAvx2(const float* in, const float* filter, float bias,
                            const DepthwisePlane& p, const Activation& act,
                            float* out) {
  ConvPlane(in, filter, bias, p, act, out);
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
