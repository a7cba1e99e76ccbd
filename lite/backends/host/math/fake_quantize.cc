#include "lite/backends/host/math/fake_quantize.h"

#include <algorithm>
#include <cmath>

namespace paddle {
namespace lite {
namespace host {
namespace math {

namespace {

// One channel's quantization of n values; s is its scale.
template <QuantRound kRound, bool kDequantize>
void QuantizeRun(const float* x, int64_t n, float s, int bin_cnt, float* out) {
  const float c = static_cast<float>(bin_cnt) * QuantInverse(s);
  const float max_bound = static_cast<float>(bin_cnt);
  const float min_bound = -max_bound - 1.f;
  for (int64_t i = 0; i < n; ++i) {
    float q;
    if (kRound == QuantRound::kTiesToEven) {
      // rint rounds ties to even in the default rounding mode, as Paddle's
      // roundWithTiesToEven does; the clamp comes after the rounding.
      q = std::min(std::max(std::rint(c * x[i]), min_bound), max_bound);
    } else {
      q = std::round(c * std::min(std::max(x[i], -s), s));
    }
    out[i] = kDequantize ? q * s / max_bound : q;
  }
}

template <QuantRound kRound>
void QuantizeRun(const float* x, int64_t n, float s, int bin_cnt, bool dequantize, float* out) {
  if (dequantize) {
    QuantizeRun<kRound, true>(x, n, s, bin_cnt, out);
  } else {
    QuantizeRun<kRound, false>(x, n, s, bin_cnt, out);
  }
}

}  // namespace

float AbsMax(const float* x, int64_t n) {
  float m = 0.f;
  for (int64_t i = 0; i < n; ++i) m = std::max(m, std::fabs(x[i]));
  return m;
}

void ChannelAbsMax(const float* x, const QuantShape& shape, float* scales) {
  std::fill(scales, scales + shape.channels, 0.f);
  for (int64_t o = 0; o < shape.outer; ++o) {
    for (int64_t c = 0; c < shape.channels; ++c) {
      const float* run = x + (o * shape.channels + c) * shape.inner;
      scales[c] = std::max(scales[c], AbsMax(run, shape.inner));
    }
  }
}

void FakeQuantize(const float* x, const QuantShape& shape, const float* scales, int bin_cnt,
                  QuantRound round, bool dequantize, float* out) {
  for (int64_t o = 0; o < shape.outer; ++o) {
    for (int64_t c = 0; c < shape.channels; ++c) {
      const int64_t at = (o * shape.channels + c) * shape.inner;
      if (round == QuantRound::kTiesToEven) {
        QuantizeRun<QuantRound::kTiesToEven>(x + at, shape.inner, scales[c], bin_cnt, dequantize,
                                             out + at);
      } else {
        QuantizeRun<QuantRound::kTiesAway>(x + at, shape.inner, scales[c], bin_cnt, dequantize,
                                           out + at);
      }
    }
  }
}

void Dequantize(const float* x, const QuantShape& shape, const float* scales,
                const float* second_scale, float max_range, float* out) {
  for (int64_t o = 0; o < shape.outer; ++o) {
    for (int64_t c = 0; c < shape.channels; ++c) {
      const int64_t at = (o * shape.channels + c) * shape.inner;
      const float s = scales[c];
      for (int64_t i = 0; i < shape.inner; ++i) {
        float v = x[at + i] * s;
        if (second_scale) v = v * second_scale[0];
        out[at + i] = v / max_range;
      }
    }
  }
}

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
