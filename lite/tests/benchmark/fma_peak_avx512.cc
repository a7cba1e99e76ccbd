// One core's practical zmm FMA peak: 12 independent zmm FMA chains, enough to cover the FMA
// latency on every pipe, with no memory traffic. 12 * 16 * 2 = 384 flops per iteration.
#include <immintrin.h>

float FmaPeakLoopAvx512(long iterations) {
  __m512 acc[12];
  for (int i = 0; i < 12; ++i) acc[i] = _mm512_set1_ps(0.01f * i);
  const __m512 x = _mm512_set1_ps(0.999f), y = _mm512_set1_ps(0.001f);
  for (long it = 0; it < iterations; ++it) {
#pragma GCC unroll 12
    for (int i = 0; i < 12; ++i) acc[i] = _mm512_fmadd_ps(acc[i], x, y);
  }
  __m512 sum = acc[0];
  for (int i = 1; i < 12; ++i) sum = _mm512_add_ps(sum, acc[i]);
  return _mm512_reduce_add_ps(sum);
}
