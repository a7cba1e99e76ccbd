// Paddle's per-tensor fake quantization (lite/backends/host/math/fake_quantize.h, the
// reference) with NEON, 4 floats per vector: the loop shared with x86's AVX2 one
// (lite/backends/simd/fake_quantize_kernel.inc, frinta for ties away, frintn to even), the
// host routine's bits. A quantized model runs one before each quantized layer in its float
// simulation (on ARM: the convs too small for int8, or kept in float).
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
