// Paddle's per-tensor fake quantization (lite/backends/host/math/fake_quantize.h, the
// reference) with NEON, 4 floats per vector, in the host routine's exact float32 order:
//   c = float(bin_cnt) * QuantInverse(s)
//   ties to even: q = clamp(rint(c * x), -bin_cnt - 1, bin_cnt)      (frintn)
//   ties away:    q = round(c * clamp(x, -s, s))                      (frinta)
//   out = dequantize ? q * s / bin_cnt : q
// so both give the same bits (NaN stays NaN: fmax / fmin pass it on as std::max / std::min
// do there). A quantized model runs one before each quantized layer in its float
// simulation (the layers ARM runs in float: depthwise convs, transposed convs).
#pragma once

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// n values of x with the one scale s into out (out may be x).
void FakeQuantize(const float* x, long long n, float s, int bin_cnt, bool ties_to_even,
                  bool dequantize, float* out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
