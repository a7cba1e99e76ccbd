// The checks of the activations' one vector form (lite/backends/simd/activation_vec.inc)
// that each backend runs on its own array entry point, every kind: x86's math::Activate on
// AVX2 and AVX-512 (x86/activation_vec_x86_test.cc), ARM's on NEON
// (arm/activation_vec_arm_test.cc). Each check compares
//  - against Paddle's formulas in double (activation_reference.h, written independently),
//    which bounds each kind's own error;
//  - against the host reference ApplyActivation (float), what the host kernels compute;
// on random inputs at several scales and odd lengths (the masked last vector), the edges of
// exp's range (overflow to inf, underflow to 0), tanh's saturation, infinities, and NaN.
//
// Tolerances, |vector - double| <= abs + rel * |double| (float's epsilon is 1.2e-7). A
// float input's exact image is what the double reference computes; a formula that rounds
// an intermediate of magnitude m before an exp errs by about 6e-8 m in relative terms, for
// the vector form and the host reference alike (the conditioning of exp, not an error of
// either), so those kinds' bounds grow with that m:
//   relu, relu6, leaky_relu, abs: exact float operations, rel 1.2e-7;
//   hard_swish: three roundings, rel 3.6e-7; hard_sigmoid: one fused multiply-add, abs 1.2e-7;
//   exp, sigmoid: rel 5e-7 (measured 2.3e-7 and 2.8e-7: the degree-6 Taylor polynomial,
//       2^k exact);
//   tanh: rel 7e-7 (measured 5.7e-7 at |x| = 0.17: the polynomial's truncation relative to
//       expm1(-2 |x|), which is 3.4 times smaller than exp there);
//   swish: rel 5e-7 + 1.2e-7 |beta x| (beta x rounded);
//   gelu: rel 7e-7 (measured 5.3e-7: erfc by Numerical Recipes' fit, 1.2e-7, times an exp
//       whose exponent P - z^2 is carried with its rounding error);
//   gelu approximate: rel 5e-7 + 3e-7 |2u| (the exponent -2u rounds about four times;
//       measured 1.2e-5 at x = -9.7, where |2u| = 80);
//   and 1e-37 absolute where an exp underflows to 0 while the true value is a denormal.
// (Measured over 2 million points of [-13, 13], [-20, 20] for tanh, [-80, 80] for swish, on
// AVX2 and AVX-512, which agree bit for bit; NEON does the same operations, fused where they
// are.)
// Against the host reference (float, the same conditioning): twice those, plus 2 ulp of
// |host|, plus 1e-7 |x| for gelu, whose 1 + erf / 1 + tanh rounds near 1.
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace test {

// A backend's array activation: out[i] = act(x[i] + bias[i]) (bias may be null) for i < n,
// throwing for kinds without a vector formula.
using ActivateFn = void (*)(const float* x, const float* bias, float* out, long long n,
                            const Activation& act);

// Each adds gtest failures for what it finds wrong in `activate`.
void CheckRandomInputsAtEveryScaleAndOddLength(ActivateFn activate);
// Every representable input step near the points where the formulas change branch or
// lose digits: 0 (tanh's and gelu's sign, expm1 without reduction), ln 2 / 2 (the first
// reduction step), and gelu's negative tail.
void CheckDenseGridsThroughTheBranchPoints(ActivateFn activate);
// exp across its whole range in steps of 1/64, then 0 below it (no denormals) and inf above.
void CheckExpRangeEdges(ActivateFn activate);
// Where the smooth kinds reach their limits exactly: sigmoid 0 and 1, tanh -1 and 1, swish
// and gelu 0 and x; and infinities go where the formulas take them.
void CheckSaturationAndInfinities(ActivateFn activate);
// NaN in gives NaN out, in every kind and every lane position (the masked tail included).
void CheckNanStaysNan(ActivateFn activate);
// The optional per-element bias is added before the activation; nothing past n is written.
void CheckBiasAndExactLength(ActivateFn activate);
void CheckKindsWithoutAFormulaAreRejected(ActivateFn activate);

}  // namespace test
}  // namespace lite
}  // namespace paddle
