// Paddle's per-tensor fake quantization (lite/backends/host/math/fake_quantize.h, the
// reference) with AVX2, 8 floats per ymm, in the host routine's exact float32 order:
//   c = float(bin_cnt) * QuantInverse(s)
//   ties to even: q = clamp(rint(c * x), -bin_cnt - 1, bin_cnt)
//   ties away:    q = round(c * clamp(x, -s, s))
//   out = dequantize ? q * s / bin_cnt : q
// so both give the same bits (NaN stays NaN): the loop shared with ARM's NEON one
// (lite/backends/simd/fake_quantize_kernel.inc). Declarations only: the intrinsics live in
// fake_quantize_avx2.cc (built with -mavx2 -mfma); call only when CpuHasAvx2Fma().
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// n values of x with the one scale s into out (out may be x).
void FakeQuantizeAvx2(const float* x, long long n, float s, int bin_cnt, bool ties_to_even,
                      bool dequantize, float* out);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
