#include "lite/tests/kernels/activation_vec_checks.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct Bound {
  double abs, rel;
};

// The bound for input x (see the top of the header).
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

std::vector<float> Run(ActivateFn activate, const std::vector<float>& x, const Activation& act) {
  std::vector<float> y(x.size(), -777.f);
  activate(x.data(), nullptr, y.data(), static_cast<long long>(x.size()), act);
  return y;
}

// Checks `activate` on `x` against double precision and the host reference.
void Check(ActivateFn activate, const std::vector<float>& x, const Activation& act) {
  SCOPED_TRACE(ActivationName(act) + " n=" + std::to_string(x.size()));
  const std::vector<float> y = Run(activate, x, act);
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

}  // namespace

void CheckRandomInputsAtEveryScaleAndOddLength(ActivateFn activate) {
  uint32_t seed = 1;
  for (const Activation& act : EveryActivation()) {
    for (float range : {1e-3f, 1.f, 4.f, 20.f}) {
      for (size_t n : {1, 7, 8, 15, 16, 17, 33, 1003}) {
        Check(activate, RandomVector(n, -range, range, seed++), act);
      }
    }
  }
}

void CheckDenseGridsThroughTheBranchPoints(ActivateFn activate) {
  std::vector<float> x;
  for (float v = -12.f; v <= 12.f; v += 1.f / 512) x.push_back(v);
  for (float v = 0.34f; v <= 0.35f; v += 1e-7f) x.push_back(v);
  for (float v = -1e-6f; v <= 1e-6f; v += 1e-8f) x.push_back(v);
  for (const Activation& act : EveryActivation()) Check(activate, x, act);
}

void CheckExpRangeEdges(ActivateFn activate) {
  Activation exp;
  exp.kind = ActivationType::kExp;
  std::vector<float> x;
  for (float v = -87.3f; v <= 88.7f; v += 1.f / 64) x.push_back(v);
  Check(activate, x, exp);
  const float inf = std::numeric_limits<float>::infinity();
  const std::vector<float> edges = {-inf, -1e30f, -200.f, -88.f, 88.8f, 89.f, 200.f, 1e30f, inf};
  const std::vector<float> y = Run(activate, edges, exp);
  for (size_t i = 0; i < 4; ++i) EXPECT_EQ(y[i], 0.f) << edges[i];  // no denormals
  for (size_t i = 4; i < edges.size(); ++i) EXPECT_EQ(y[i], inf) << edges[i];
}

void CheckSaturationAndInfinities(ActivateFn activate) {
  const float inf = std::numeric_limits<float>::infinity();
  auto run = [activate](ActivationType kind, const std::vector<float>& x,
                        bool approximate = false) {
    Activation a;
    a.kind = kind;
    a.gelu_approximate = approximate;
    return Run(activate, x, a);
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

void CheckNanStaysNan(ActivateFn activate) {
  for (const Activation& act : EveryActivation()) {
    SCOPED_TRACE(ActivationName(act));
    std::vector<float> x = RandomVector(37, -3.f, 3.f, 5);
    for (size_t i = 0; i < x.size(); i += 3) x[i] = std::numeric_limits<float>::quiet_NaN();
    const std::vector<float> y = Run(activate, x, act);
    for (size_t i = 0; i < x.size(); ++i) {
      EXPECT_EQ(std::isnan(y[i]), std::isnan(x[i])) << "lane " << i << ": " << y[i];
    }
  }
}

void CheckBiasAndExactLength(ActivateFn activate) {
  for (const Activation& act : EveryActivation()) {
    SCOPED_TRACE(ActivationName(act));
    for (size_t n : {5, 16, 21}) {
      const std::vector<float> x = RandomVector(n, -3.f, 3.f, 7);
      const std::vector<float> bias = RandomVector(n, -1.f, 1.f, 8);
      std::vector<float> y(n + 16, -777.f);
      activate(x.data(), bias.data(), y.data(), static_cast<long long>(n), act);
      for (size_t i = 0; i < n; ++i) {
        const float in = x[i] + bias[i];
        const double want = ActivateReference(in, act);
        EXPECT_TRUE(Near(y[i], want, BoundOf(act, in))) << i << ": " << y[i] << " vs " << want;
      }
      for (size_t i = n; i < y.size(); ++i) EXPECT_EQ(y[i], -777.f) << "wrote past n at " << i;
    }
  }
}

void CheckKindsWithoutAFormulaAreRejected(ActivateFn activate) {
  for (ActivationType kind : {ActivationType::kPRelu, ActivationType::kMish,
                              static_cast<ActivationType>(99)}) {
    Activation a;
    a.kind = kind;
    float x = 1.f, y = 0.f;
    ExpectErrorContaining([&] { activate(&x, nullptr, &y, 1, a); }, "is not supported");
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
