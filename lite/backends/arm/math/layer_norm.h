// layer_norm rows with NEON, 4 floats a vector.
#pragma once

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// out = (x - mean) / sqrt(var + epsilon) * scale + bias over `n` contiguous values, with
// the row's mean and biased variance taken in two passes (the mean first, then the squared
// deviations from it). scale and bias may be null; mean and var receive the statistics.
void LayerNormRow(const float* x, const float* scale, const float* bias, float* out,
                  long long n, float epsilon, float* mean, float* var);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
