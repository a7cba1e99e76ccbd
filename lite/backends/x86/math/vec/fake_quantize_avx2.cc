#include "lite/backends/x86/math/vec/fake_quantize_avx2.h"

#include <immintrin.h>

#include <algorithm>
#include <cmath>

#include "lite/backends/host/math/fake_quantize.h"
#include "lite/backends/x86/math/vec/round_avx2.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

template <bool kTiesToEven, bool kDequantize>
void Run(const float* x, long long n, float s, int bin_cnt, float* out) {
  const float c = static_cast<float>(bin_cnt) * lite::host::math::QuantInverse(s);
  const float max_bound = static_cast<float>(bin_cnt);
  const float min_bound = -max_bound - 1.f;
  const __m256 vc = _mm256_set1_ps(c), vs = _mm256_set1_ps(s), neg_s = _mm256_set1_ps(-s);
  const __m256 hi = _mm256_set1_ps(max_bound), lo = _mm256_set1_ps(min_bound);
  long long i = 0;
  for (; i + 8 <= n; i += 8) {
    const __m256 v = _mm256_loadu_ps(x + i);
    __m256 q;
    // max/min return their second operand for NaN: x goes second, so NaN passes through
    // as std::max/std::min pass it in the host routine.
    if (kTiesToEven) {
      q = _mm256_round_ps(_mm256_mul_ps(vc, v), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
      q = _mm256_min_ps(hi, _mm256_max_ps(lo, q));
    } else {
      q = RoundHalfAway(_mm256_mul_ps(vc, _mm256_min_ps(vs, _mm256_max_ps(neg_s, v))));
    }
    if (kDequantize) q = _mm256_div_ps(_mm256_mul_ps(q, vs), hi);
    _mm256_storeu_ps(out + i, q);
  }
  for (; i < n; ++i) {
    const float q = kTiesToEven ? std::min(std::max(std::rint(c * x[i]), min_bound), max_bound)
                                : std::round(c * std::min(std::max(x[i], -s), s));
    out[i] = kDequantize ? q * s / max_bound : q;
  }
}

}  // namespace

void FakeQuantizeAvx2(const float* x, long long n, float s, int bin_cnt, bool ties_to_even,
                      bool dequantize, float* out) {
  if (ties_to_even) {
    dequantize ? Run<true, true>(x, n, s, bin_cnt, out) : Run<true, false>(x, n, s, bin_cnt, out);
  } else {
    dequantize ? Run<false, true>(x, n, s, bin_cnt, out)
               : Run<false, false>(x, n, s, bin_cnt, out);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
