#include "lite/backends/arm/math/fake_quantize.h"

#include <arm_neon.h>

#include <algorithm>
#include <cmath>

#include "lite/backends/host/math/fake_quantize.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

template <bool kTiesToEven, bool kDequantize>
void Run(const float* x, long long n, float s, int bin_cnt, float* out) {
  const float c = static_cast<float>(bin_cnt) * lite::host::math::QuantInverse(s);
  const float max_bound = static_cast<float>(bin_cnt);
  const float min_bound = -max_bound - 1.f;
  const float32x4_t vc = vdupq_n_f32(c), vs = vdupq_n_f32(s), neg_s = vdupq_n_f32(-s);
  const float32x4_t hi = vdupq_n_f32(max_bound), lo = vdupq_n_f32(min_bound);
  long long i = 0;
  for (; i + 4 <= n; i += 4) {
    const float32x4_t v = vld1q_f32(x + i);
    float32x4_t q;
    if (kTiesToEven) {
      q = vminq_f32(vmaxq_f32(vrndnq_f32(vmulq_f32(vc, v)), lo), hi);
    } else {
      q = vrndaq_f32(vmulq_f32(vc, vminq_f32(vmaxq_f32(v, neg_s), vs)));
    }
    if (kDequantize) q = vdivq_f32(vmulq_f32(q, vs), hi);
    vst1q_f32(out + i, q);
  }
  for (; i < n; ++i) {
    const float q = kTiesToEven ? std::min(std::max(std::rint(c * x[i]), min_bound), max_bound)
                                : std::round(c * std::min(std::max(x[i], -s), s));
    out[i] = kDequantize ? q * s / max_bound : q;
  }
}

}  // namespace

void FakeQuantize(const float* x, long long n, float s, int bin_cnt, bool ties_to_even,
                  bool dequantize, float* out) {
  if (ties_to_even) {
    dequantize ? Run<true, true>(x, n, s, bin_cnt, out) : Run<true, false>(x, n, s, bin_cnt, out);
  } else {
    dequantize ? Run<false, true>(x, n, s, bin_cnt, out)
               : Run<false, false>(x, n, s, bin_cnt, out);
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
