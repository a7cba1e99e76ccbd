// The activations' one x86 vector form (lite/backends/simd/activation_vec.inc, run
// through math::Activate) on AVX2 and on AVX-512, every kind:
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
// both ISAs, which agree bit for bit.)
// Against the host reference (float, the same conditioning): twice those, plus 2 ulp of
// |host|, plus 1e-7 |x| for gelu, whose 1 + erf / 1 + tanh rounds near 1.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/backends/x86/math/vec/activation.h"
#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/x86/isa_switch_test.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace math = lite::x86::math;

struct Bound {
  double abs, rel;
};

// The bound for input x (see the top of the file).
Bound BoundOf(const Activation& a, double x) {
  const double kUnder = 1e-37;  // an exp underflowing to 0
  switch (a.kind) {
    case ActivationType::kHardSwish:
      return {0, 3.6e-7};
    case ActivationType::kHardSigmoid:
      return {1.2e-7, 0};
    case ActivationType::kExp:
    case ActivationType::kSigmoid:
      return {kUnder, 5e-7};
    case ActivationType::kTanh:
      return {0, 7e-7};
    case ActivationType::kSwish:
      return {kUnder, 5e-7 + 1.2e-7 * std::fabs(a.swish_beta * x)};
    case ActivationType::kGelu:
      if (a.gelu_approximate) {
        const double two_u = 1.6 * std::fabs(x) * (1 + 0.044715 * x * x);
        return {kUnder, 5e-7 + 3e-7 * two_u};
      }
      return {kUnder, 7e-7};
    default:  // the clamps, leaky_relu, abs
      return {0, 1.2e-7};
  }
}

Bound HostBoundOf(const Activation& a, double x) {
  const Bound b = BoundOf(a, x);
  const double gelu = a.kind == ActivationType::kGelu ? 1e-7 * std::fabs(x) : 0.0;
  return {2 * b.abs + gelu, 2 * b.rel + 2.4e-7};
}

// Both NaN, both the same infinity, or within the bound.
bool Near(double got, double want, Bound b) {
  if (std::isnan(want) || std::isnan(got)) return std::isnan(want) && std::isnan(got);
  if (std::isinf(want) || std::isinf(got)) return got == want;
  return std::fabs(got - want) <= b.abs + b.rel * std::fabs(want);
}

std::vector<float> Activate(const std::vector<float>& x, const Activation& act) {
  std::vector<float> y(x.size(), -777.f);
  math::Activate(x.data(), nullptr, y.data(), static_cast<long long>(x.size()), act);
  return y;
}

// Checks the vector form on `x` against double precision and the host reference.
void Check(const std::vector<float>& x, const Activation& act) {
  SCOPED_TRACE(ActivationName(act) + " avx512=" + std::to_string(math::ActivateUsesAvx512()) +
               " n=" + std::to_string(x.size()));
  const std::vector<float> y = Activate(x, act);
  int failures = 0;
  for (size_t i = 0; i < x.size() && failures < 5; ++i) {
    const double exact = ActivateReference(x[i], act);
    const float host = ApplyActivation(x[i], act);
    if (!Near(y[i], exact, BoundOf(act, x[i])) || !Near(y[i], host, HostBoundOf(act, x[i]))) {
      ADD_FAILURE() << "x = " << x[i] << ": vector " << y[i] << ", double " << exact
                    << ", host " << host;
      ++failures;
    }
  }
}

using ActivationVecX86 = IsaSwitchTest<math::ActivateAllowAvx512, math::ActivateUsesAvx512>;

TEST_P(ActivationVecX86, RandomInputsAtEveryScaleAndOddLength) {
  uint32_t seed = 1;
  for (const Activation& act : EveryActivation()) {
    for (float range : {1e-3f, 1.f, 4.f, 20.f}) {
      for (size_t n : {1, 7, 8, 15, 16, 17, 33, 1003}) {
        Check(RandomVector(n, -range, range, seed++), act);
      }
    }
  }
}

// Every representable input step near the points where the formulas change branch or
// lose digits: 0 (tanh's and gelu's sign, expm1 without reduction), ln 2 / 2 (the first
// reduction step), and gelu's negative tail.
TEST_P(ActivationVecX86, DenseGridsThroughTheBranchPoints) {
  std::vector<float> x;
  for (float v = -12.f; v <= 12.f; v += 1.f / 512) x.push_back(v);
  for (float v = 0.34f; v <= 0.35f; v += 1e-7f) x.push_back(v);
  for (float v = -1e-6f; v <= 1e-6f; v += 1e-8f) x.push_back(v);
  for (const Activation& act : EveryActivation()) Check(x, act);
}

TEST_P(ActivationVecX86, ExpRangeEdges) {
  Activation exp;
  exp.kind = ActivationType::kExp;
  // Every input across [-87.3, 88.7] in steps of 1/64, then past both ends.
  std::vector<float> x;
  for (float v = -87.3f; v <= 88.7f; v += 1.f / 64) x.push_back(v);
  Check(x, exp);
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> edges = {-inf, -1e30f, -200.f, -88.f, 88.8f, 89.f, 200.f, 1e30f, inf};
  const std::vector<float> y = Activate(edges, exp);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(y[i], 0.f) << edges[i];  // no denormals
  for (size_t i = 4; i < edges.size(); ++i) EXPECT_EQ(y[i], inf) << edges[i];
}

// Where the smooth kinds reach their limits exactly: sigmoid 0 and 1, tanh -1 and 1, swish
// and gelu 0 and x; and infinities go where the formulas take them.
TEST_P(ActivationVecX86, SaturationAndInfinities) {
  const float inf = std::numeric_limits<float>::infinity();
  auto run = [](ActivationType kind, const std::vector<float>& x, bool approximate = false) {
    Activation a;
    a.kind = kind;
    a.gelu_approximate = approximate;
    return Activate(x, a);
  };
  EXPECT_EQ(run(ActivationType::kSigmoid, {-inf, -200.f, 200.f, inf}),
            (std::vector<float>{0.f, 0.f, 1.f, 1.f}));
  EXPECT_EQ(run(ActivationType::kTanh, {-inf, -50.f, -9.1f, 9.1f, 50.f, inf}),
            (std::vector<float>{-1.f, -1.f, -1.f, 1.f, 1.f, 1.f}));
  EXPECT_EQ(run(ActivationType::kSwish, {-200.f, 200.f, inf}),
            (std::vector<float>{-0.f, 200.f, inf}));
  for (bool approximate : {false, true}) {
    EXPECT_EQ(run(ActivationType::kGelu, {-200.f, 200.f, inf}, approximate),
              (std::vector<float>{-0.f, 200.f, inf}));
  }
  EXPECT_EQ(run(ActivationType::kAbs, {-inf, -0.f, inf}), (std::vector<float>{inf, 0.f, inf}));
  EXPECT_EQ(run(ActivationType::kRelu, {-inf, inf}), (std::vector<float>{0.f, inf}));
  EXPECT_EQ(run(ActivationType::kNone, {-inf, inf}), (std::vector<float>{-inf, inf}));
}

// NaN in gives NaN out, in every kind and every lane position (the masked tail included).
TEST_P(ActivationVecX86, NanStaysNan) {
  for (const Activation& act : EveryActivation()) {
    SCOPED_TRACE(ActivationName(act));
    std::vector<float> x = RandomVector(37, -3.f, 3.f, 5);
    for (size_t i = 0; i < x.size(); i += 3) x[i] = std::numeric_limits<float>::quiet_NaN();
    const std::vector<float> y = Activate(x, act);
    for (size_t i = 0; i < x.size(); ++i) {
      EXPECT_EQ(std::isnan(y[i]), std::isnan(x[i])) << "lane " << i << ": " << y[i];
    }
  }
}

// The optional per-element bias is added before the activation; nothing past n is written.
TEST_P(ActivationVecX86, BiasAndExactLength) {
  for (const Activation& act : EveryActivation()) {
    SCOPED_TRACE(ActivationName(act));
    for (size_t n : {5, 16, 21}) {
      const std::vector<float> x = RandomVector(n, -3.f, 3.f, 7);
      const std::vector<float> bias = RandomVector(n, -1.f, 1.f, 8);
      std::vector<float> y(n + 16, -777.f);
      math::Activate(x.data(), bias.data(), y.data(), static_cast<long long>(n), act);
      for (size_t i = 0; i < n; ++i) {
        const float in = x[i] + bias[i];
        const double want = ActivateReference(in, act);
        EXPECT_TRUE(Near(y[i], want, BoundOf(act, in))) << i << ": " << y[i] << " vs " << want;
      }
      for (size_t i = n; i < y.size(); ++i) EXPECT_EQ(y[i], -777.f) << "wrote past n at " << i;
    }
  }
}

TEST_P(ActivationVecX86, KindsWithoutAFormulaAreRejected) {
  for (ActivationType kind : {ActivationType::kPRelu, ActivationType::kMish,
                              static_cast<ActivationType>(99)}) {
    Activation a;
    a.kind = kind;
    float x = 1.f, y = 0.f;
    ExpectErrorContaining([&] { math::Activate(&x, nullptr, &y, 1, a); }, "is not supported");
  }
}

INSTANTIATE_TEST_SUITE_P(Isa, ActivationVecX86, ::testing::Bool(), IsaParamName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
