// Element-wise activations over arrays with NEON: any kind the activation descriptor
// (lite/utils/activation.h) describes and ActivationSupported accepts, by the one vector form
// shared with x86 (lite/backends/simd/activation_vec.inc), 4 floats a vector.
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// out[i] = act(x[i] + bias[i]) for i < n (bias may be null: act(x[i])); out may equal x.
// Throws for a kind ActivationSupported rejects.
void Activate(const float* x, const float* bias, float* out, long long n,
              const Activation& act);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
