// Paddle's fake quantization arithmetic (paddle/phi/kernels/funcs/fake_quantize_functor.*),
// in its exact float32 order, so a quantized model run in float matches Paddle's numbers:
//   inv_s = s <= 1e-30 ? 1 / (s + 1e-6) : 1 / s,   c = float(bin_cnt) * inv_s,
//   round type 0 (ties to even):  q = clamp(rint(c * x), -bin_cnt - 1, bin_cnt)
//   round type 1 (ties away):     q = round(c * clamp(x, -s, s))
//   quantize-dequantize: q * s / bin_cnt;  dequantize: x * s / max_range.
// Tensors are seen as [outer, channels, inner] with one scale per channel (channels == 1:
// one scale for the whole tensor); quant_axis 0 is outer == 1, quant_axis 1 is outer ==
// dims[0].
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {
namespace host {
namespace math {

enum class QuantRound { kTiesToEven = 0, kTiesAway = 1 };

// What one channel's quantization needs: [outer, channels, inner] and the integer range.
struct QuantShape {
  int64_t outer{1};
  int64_t channels{1};
  int64_t inner{1};
};

// Paddle's inverse of a scale: a zero (or negative tiny) scale does not divide by zero.
inline float QuantInverse(float s) { return s <= 1e-30f ? 1.f / (s + 1e-6f) : 1.f / s; }

// max |x| over the tensor; 0 for an empty one.
float AbsMax(const float* x, int64_t n);

// scales[c] = max |x| over channel c.
void ChannelAbsMax(const float* x, const QuantShape& shape, float* scales);

// out = q (integer-valued floats) or, with dequantize, q * s / bin_cnt. out may be x.
void FakeQuantize(const float* x, const QuantShape& shape, const float* scales, int bin_cnt,
                  QuantRound round, bool dequantize, float* out);

// out = x * scales[c] (* second_scale, when given) / max_range, in that order.
void Dequantize(const float* x, const QuantShape& shape, const float* scales,
                const float* second_scale, float max_range, float* out);

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
