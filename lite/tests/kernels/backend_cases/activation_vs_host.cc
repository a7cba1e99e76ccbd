// Standalone activation backend kernels against the host kernels (the reference): every
// activation op (FusableActivationTypes), non-default attributes, odd sizes (vector tails of
// 4, 8 and 16 lanes), 1 element, large magnitudes (exp saturating), NaN and infinities,
// large tensors split over 2 threads; 1 and 2 threads, two runs each. The vector form
// itself against double precision is each backend's activation_vec_*_test.cc.
//
// Tolerance: relu/relu6/leaky_relu/abs/hard_* do the host's float operations (hard_sigmoid
// may fuse its multiply-add); the exp-based kinds are within a few float roundings of the
// host's std::exp / tanh / erf: 1e-6 absolute + 1e-6 relative (exp: 2e-6 relative).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

Tolerance ToleranceOf(const std::string& op) { return {1e-6f, op == "exp" ? 2e-6f : 1e-6f}; }

OpCase MakeActivation(const std::string& op, const std::vector<int64_t>& dims, float range,
                      uint32_t seed, const std::map<std::string, float>& attrs = {}) {
  const DDim d(dims);
  OpCase c(op);
  c.Input("X", "x", d, RandomVector(d.production(), -range, range, seed));
  c.Output("Out", "out");
  for (const auto& a : attrs) c.Attr<float>(a.first, a.second);
  return c;
}

void CompareWithHost(const Place& place, const OpCase& c, const std::string& trace,
                     int threads) {
  SCOPED_TRACE(StrCat(trace, " threads=", threads));
  ExpectKernelMatchesHost(c, place, ToleranceOf(c.desc().Type()), threads);
}

void CompareWithHost(const Place& place, const std::string& op, const std::vector<int64_t>& dims,
                     float range, uint32_t seed, const std::map<std::string, float>& attrs = {}) {
  const OpCase c = MakeActivation(op, dims, range, seed, attrs);
  for (int threads : {1, 2}) {
    CompareWithHost(place, c, StrCat(op, " x", dims, " range=", range), threads);
  }
}

TEST_P(ActivationVsHost, IsRegisteredWithTheCpuRequirement) {
  for (const std::string& op : FusableActivationTypes()) ExpectRegistered(op);
}

TEST_P(ActivationVsHost, OddSizesAndRanks) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {
      {1}, {3}, {4}, {5}, {7}, {8}, {9}, {15}, {16}, {17},
      {2, 3}, {1, 5, 3, 3}, {2, 16, 7, 9}, {3, 1, 1, 1}};
  for (const std::string& op : FusableActivationTypes()) {
    for (const auto& dims : shapes) CompareWithHost(place(), op, dims, 8.f, seed++);
  }
}

TEST_P(ActivationVsHost, AttributeVariants) {
  uint32_t seed = 100;
  const std::vector<int64_t> dims = {2, 3, 5, 7};
  CompareWithHost(place(), "relu6", dims, 8.f, seed++, {{"threshold", 1.5f}});
  CompareWithHost(place(), "relu6", dims, 8.f, seed++, {{"threshold", 20.f}});
  CompareWithHost(place(), "leaky_relu", dims, 8.f, seed++, {{"alpha", 0.1f}});
  CompareWithHost(place(), "leaky_relu", dims, 8.f, seed++, {{"alpha", -0.5f}});
  CompareWithHost(place(), "hard_swish", dims, 8.f, seed++,
                  {{"threshold", 4.f}, {"scale", 5.f}, {"offset", 2.f}});
  CompareWithHost(place(), "hard_sigmoid", dims, 8.f, seed++,
                  {{"slope", 0.3f}, {"offset", 0.2f}});
  CompareWithHost(place(), "hard_sigmoid", dims, 8.f, seed++,
                  {{"slope", 1.f / 6.f}, {"offset", 0.5f}});
  CompareWithHost(place(), "swish", dims, 8.f, seed++, {{"beta", 0.5f}});
  CompareWithHost(place(), "swish", dims, 8.f, seed++, {{"beta", -2.f}});
  OpCase gelu = MakeActivation("gelu", dims, 8.f, seed++);
  gelu.Attr<bool>("approximate", true);
  for (int threads : {1, 2}) CompareWithHost(place(), gelu, "gelu approximate", threads);
}

TEST_P(ActivationVsHost, LargeMagnitudesSaturateWithoutNaN) {
  uint32_t seed = 200;
  for (const std::string& op : FusableActivationTypes()) {
    // exp overflows to inf at this range (NonFiniteInputsBehaveAsHost compares those).
    if (op != "exp") CompareWithHost(place(), op, {3, 37}, 1000.f, seed++);
  }
  CompareWithHost(place(), "exp", {3, 37}, 80.f, seed++);
  // sigmoid at the edges of exp's range and beyond: exact 0 / 1 and no NaN.
  OpCase c("sigmoid");
  c.Input("X", "x", DDim({10}),
          {-1e30f, -200.f, -88.f, -87.f, -0.f, 0.f, 87.f, 89.f, 200.f, 1e30f});
  c.Output("Out", "out");
  ExpectMatchesHost(c, {1e-6f, 0.f});
  KernelRun kernel(c, place());
  kernel.Run();
  for (float v : ToVector(kernel.Var("out"))) EXPECT_FALSE(std::isnan(v));
}

// NaN stays NaN in every lane position (the masked tail included); infinities and values
// past exp's range go where the host's formulas take them.
TEST_P(ActivationVsHost, NonFiniteInputsBehaveAsHost) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> x = {nan, -inf, inf, -0.f, 0.f, 1e30f, -1e30f, 200.f, -200.f, 89.f, -88.f};
  const std::vector<float> random = RandomVector(26, -5.f, 5.f, 7);
  x.insert(x.end(), random.begin(), random.end());
  for (size_t i = 11; i < x.size(); i += 5) x[i] = nan;  // 37 values: a tail on every width
  for (const std::string& op : FusableActivationTypes()) {
    OpCase c(op);
    c.Input("X", "x", DDim({static_cast<int64_t>(x.size())}), x);
    c.Output("Out", "out");
    for (int threads : {1, 2}) {
      SCOPED_TRACE(StrCat(op, " threads=", threads));
      ExpectKernelMatchesHostNonFinite(c, place(), ToleranceOf(op), threads);
    }
  }
}

TEST_P(ActivationVsHost, LargeTensorsSplitOverThreads) {
  uint32_t seed = 300;
  for (const std::string& op : FusableActivationTypes()) {
    // 809 K floats: more than 2 tasks' worth of even the cheapest kind (256 K).
    CompareWithHost(place(), MakeActivation(op, {1, 64, 112, 113}, 8.f, seed++), op, 2);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
