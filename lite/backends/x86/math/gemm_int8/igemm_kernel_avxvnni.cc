// AVX-VNNI tile: 8 rows x 16 columns as two passes of 4 rows (8 ymm accumulators each, so
// B, the broadcast and the sums fit the 16 ymm registers); vpdpbusd, u8 B x s8 A.
#include <immintrin.h>

#include <cstring>

#include "lite/backends/x86/math/gemm_int8/igemm_kernel.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace igemm_internal {

void MicroKernelAvxVnni(int quads, const int8_t* a, const uint8_t* b, int32_t* acc,
                        long ldacc) {
  for (int half = 0; half < 2; ++half) {
    __m256i c[4][2];
#pragma GCC unroll 4
    for (int r = 0; r < 4; ++r) c[r][0] = c[r][1] = _mm256_setzero_si256();
    const int8_t* ap = a + half * 16;
    const uint8_t* bp = b;
    for (int q = 0; q < quads; ++q, ap += kMR * 4, bp += kNR * 4) {
      const __m256i b0 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bp));
      const __m256i b1 = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(bp + 32));
#pragma GCC unroll 4
      for (int r = 0; r < 4; ++r) {
        int32_t word;
        std::memcpy(&word, ap + r * 4, 4);
        const __m256i av = _mm256_set1_epi32(word);
        c[r][0] = _mm256_dpbusd_avx_epi32(c[r][0], b0, av);
        c[r][1] = _mm256_dpbusd_avx_epi32(c[r][1], b1, av);
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

}  // namespace igemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
