// The fused epilogue of the x86 GEMM and the direct convolutions: a per-row (per output
// channel) bias and an activation, applied where results are stored. No standard header:
// the ISA-flagged kernel files include it (see sgemm_kernel.h on why they include none).
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// The fused activations, with Paddle's formulas (operators::ApplyActivation):
//   kRelu6       min(max(x, 0), relu6_threshold)
//   kLeakyRelu   x > 0 ? x : x * leaky_alpha
//   kHardSwish   x * min(max(x + hard_swish_offset, 0), hard_swish_threshold) / hard_swish_scale
//   kHardSigmoid min(max(hard_sigmoid_slope * x + hard_sigmoid_offset, 0), 1)
enum class GemmActivation { kNone, kRelu, kRelu6, kLeakyRelu, kHardSwish, kHardSigmoid };

// Applied per output row when C is stored: c[m][n] = act(c[m][n] + bias[m]).
struct GemmEpilogue {
  const float* bias = nullptr;  // M values, or nullptr for no bias
  GemmActivation activation = GemmActivation::kNone;
  float relu6_threshold = 6.f;
  float leaky_alpha = 0.02f;
  float hard_swish_threshold = 6.f;
  float hard_swish_scale = 6.f;
  float hard_swish_offset = 3.f;
  float hard_sigmoid_slope = 0.2f;
  float hard_sigmoid_offset = 0.5f;
};

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
