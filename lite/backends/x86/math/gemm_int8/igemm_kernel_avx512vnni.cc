// AVX512_VNNI tile: 8 rows x 32 columns, 16 zmm accumulators; per quad of K two B loads,
// eight broadcasts of A and sixteen vpdpbusd (u8 B x s8 A, four products per int32 lane).
#include <immintrin.h>

#include <cstring>

#include "lite/backends/x86/math/gemm_int8/igemm_kernel.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace igemm_internal {

void MicroKernelAvx512Vnni(int quads, const int8_t* a, const uint8_t* b, int32_t* acc,
                           long ldacc) {
  __m512i c[kMR][2];
#pragma GCC unroll 8
  for (int r = 0; r < kMR; ++r) c[r][0] = c[r][1] = _mm512_setzero_si512();
  for (int q = 0; q < quads; ++q, a += kMR * 4, b += kNR512 * 4) {
    const __m512i b0 = _mm512_loadu_si512(b);
    const __m512i b1 = _mm512_loadu_si512(b + 64);
#pragma GCC unroll 8
    for (int r = 0; r < kMR; ++r) {
      int32_t word;
      std::memcpy(&word, a + r * 4, 4);
      const __m512i av = _mm512_set1_epi32(word);
      c[r][0] = _mm512_dpbusd_epi32(c[r][0], b0, av);
      c[r][1] = _mm512_dpbusd_epi32(c[r][1], b1, av);
    }
  }
#pragma GCC unroll 8
  for (int r = 0; r < kMR; ++r) {
    _mm512_storeu_si512(acc + r * ldacc, c[r][0]);
    _mm512_storeu_si512(acc + r * ldacc + 16, c[r][1]);
  }
}

}  // namespace igemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
