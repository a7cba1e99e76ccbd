// Element-wise activations over arrays with the vector form (activation_vec.inc): any kind
// lite/utils/activation.h describes, the kind's loop chosen once per call.
// Declarations only: the intrinsics live in activation_avx2.cc / activation_avx512.cc (built
// with their ISA flags); activation.cc (baseline flags) dispatches.
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// out[i] = act(x[i] + bias[i]) for i < n (bias may be null: act(x[i])); out may equal x.
// Needs AVX2+FMA (lite::x86::CpuHasAvx2Fma()); uses AVX-512 where ActivateUsesAvx512().
void Activate(const float* x, const float* bias, float* out, long long n,
              const Activation& act);

// Whether Activate uses AVX-512 on this CPU (and it is not forced off).
bool ActivateUsesAvx512();
// Tests force the AVX2 path (false) or allow AVX-512 again (true, the default).
void ActivateAllowAvx512(bool allow);

// The ISA variants behind Activate (same contract).
void ActivateAvx2(const float* x, const float* bias, float* out, long long n,
                  const Activation& act);
void ActivateAvx512(const float* x, const float* bias, float* out, long long n,
                    const Activation& act);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
