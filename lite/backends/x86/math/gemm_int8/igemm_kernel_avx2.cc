// AVX2 tile: 8 rows x 16 columns as two passes of 4 rows. B is packed signed; each product
// x * w is formed as |x| * (w * sign(x)) so vpmaddubsw (u8 x s8, pairs summed into int16)
// cannot saturate: |x| <= 128 and |w| <= 127 give pair sums <= 32512. vpmaddwd with ones
// then adds the pairs into int32 lanes (four products each).
// Also the float -> int8 quantization of activations.
#include <immintrin.h>

#include <cstring>

#include "lite/backends/x86/math/gemm_int8/igemm_kernel.h"
#include "lite/backends/x86/math/vec/round_avx2.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace igemm_internal {

void MicroKernelAvx2(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc) {
  const __m256i ones = _mm256_set1_epi16(1);
  for (int half = 0; half < 2; ++half) {
    __m256i c[4][2];
#pragma GCC unroll 4
    for (int r = 0; r < 4; ++r) c[r][0] = c[r][1] = _mm256_setzero_si256();
    const int8_t* ap = a + half * 16;
    const uint8_t* bp = b;
    for (int q = 0; q < quads; ++q, ap += kMR * 4, bp += kNR * 4) {
      const __m256i b0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bp));
      const __m256i b1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bp + 32));
      const __m256i abs0 = _mm256_abs_epi8(b0), abs1 = _mm256_abs_epi8(b1);
#pragma GCC unroll 4
      for (int r = 0; r < 4; ++r) {
        int32_t word;
        std::memcpy(&word, ap + r * 4, 4);
        const __m256i av = _mm256_set1_epi32(word);
        const __m256i p0 = _mm256_maddubs_epi16(abs0, _mm256_sign_epi8(av, b0));
        const __m256i p1 = _mm256_maddubs_epi16(abs1, _mm256_sign_epi8(av, b1));
        c[r][0] = _mm256_add_epi32(c[r][0], _mm256_madd_epi16(p0, ones));
        c[r][1] = _mm256_add_epi32(c[r][1], _mm256_madd_epi16(p1, ones));
      }
    }
    int32_t* out = acc + half * 4 * ldacc;
#pragma GCC unroll 4
    for (int r = 0; r < 4; ++r) {
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + r * ldacc), c[r][0]);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + r * ldacc + 8), c[r][1]);
    }
  }
}

namespace {
// 16 values: the rounding and clamping as QuantizeToInt8 says; NaN becomes the lower bound
// (max returns its second operand for NaN).
inline void Quantize16(const float* x, __m256 mul, bool ties_to_even, int8_t* q) {
  const __m256 lo = _mm256_set1_ps(ties_to_even ? -128.f : -127.f);
  const __m256 hi = _mm256_set1_ps(127.f);
  __m256 v0 = _mm256_mul_ps(_mm256_loadu_ps(x), mul);
  __m256 v1 = _mm256_mul_ps(_mm256_loadu_ps(x + 8), mul);
  if (ties_to_even) {
    v0 = _mm256_round_ps(v0, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    v1 = _mm256_round_ps(v1, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  } else {
    v0 = RoundHalfAway(v0);
    v1 = RoundHalfAway(v1);
  }
  v0 = _mm256_min_ps(_mm256_max_ps(v0, lo), hi);
  v1 = _mm256_min_ps(_mm256_max_ps(v1, lo), hi);
  const __m256i i0 = _mm256_cvtps_epi32(v0), i1 = _mm256_cvtps_epi32(v1);
  // int32 -> int16 -> int8; the packs work per 128-bit lane, the permute restores the order.
  const __m256i w = _mm256_permute4x64_epi64(_mm256_packs_epi32(i0, i1), 0xD8);
  const __m128i bytes = _mm_packs_epi16(_mm256_castsi256_si128(w), _mm256_extracti128_si256(w, 1));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(q), bytes);
}
}  // namespace

void QuantizeToInt8Avx2(const float* x, long long n, float inv_scale, bool ties_to_even,
                        int8_t* q) {
  const __m256 mul = _mm256_set1_ps(inv_scale);
  long long i = 0;
  for (; i + 16 <= n; i += 16) Quantize16(x + i, mul, ties_to_even, q + i);
  if (i < n) {  // the tail through a padded copy
    float tail[16] = {};
    int8_t out[16];
    std::memcpy(tail, x + i, sizeof(float) * (n - i));
    Quantize16(tail, mul, ties_to_even, out);
    std::memcpy(q + i, out, n - i);
  }
}

}  // namespace igemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
