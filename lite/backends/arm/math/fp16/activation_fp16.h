// Element-wise activations on fp16 arrays. relu, relu6, leaky_relu, hard_swish and
// hard_sigmoid compute in fp16 registers; the kinds built on exp / tanh / erf (sigmoid,
// swish, tanh, gelu, exp) and abs compute in fp32 by the NEON vector form
// (lite/backends/arm/math/activation.h) on converted chunks: fp16's 11-bit significand would
// cost their polynomials most of their accuracy. (See convert_fp16.h for why these headers
// hold declarations only.)
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {

struct float16;

namespace arm {
namespace math {

// Whether `kind` runs in fp16 registers (and so fused into the fp16 GEMM and depthwise
// stores); the other supported kinds run as a pass over the stored values.
bool ActivatesInFp16Registers(ActivationType kind);

// out[i] = act(x[i]) for i < n; out may equal x. `act` must be supported
// (ActivationSupported; Activate throws otherwise).
void ActivateFp16(const float16* x, float16* out, long long n, const Activation& act);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
