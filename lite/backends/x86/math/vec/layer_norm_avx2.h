// layer_norm rows with AVX2/FMA, 8 floats per ymm. Declarations only: the intrinsics live in
// layer_norm_avx2.cc (built with -mavx2 -mfma); call only when lite::x86::CpuHasAvx2Fma().
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// out = (x - mean) / sqrt(var + epsilon) * scale + bias over `n` contiguous values, with
// the row's mean and biased variance taken in two passes (the mean first, then the squared
// deviations from it). scale and bias may be null; mean and var receive the statistics.
void LayerNormRowAvx2(const float* x, const float* scale, const float* bias, float* out,
                      long long n, float epsilon, float* mean, float* var);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
