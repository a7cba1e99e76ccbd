// Standalone activation x86 kernels (NCHW and NCHW16c) against the host kernels (the
// reference): every activation op, its attribute variants, odd sizes (vector tails), 1
// element, large magnitudes (exp saturating), large tensors split over threads. The vector
// form itself, per ISA and against double precision, is activation_vec_x86_test.cc.
//
// Tolerance: relu/relu6/leaky_relu/abs/hard_* do the host's float operations (hard_sigmoid
// may fuse its multiply-add); the exp-based kinds are within a few float roundings of the
// host's std::exp / tanh / erf: 1e-6 absolute + 1e-6 relative (exp: 2e-6 relative).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const char* const kActivations[] = {"relu",         "relu6",   "leaky_relu", "hard_swish",
                                    "hard_sigmoid", "sigmoid", "swish",      "tanh",
                                    "gelu",         "exp",     "abs"};

OpCase MakeActivation(const std::string& op, const std::vector<int64_t>& dims, float range,
                      uint32_t seed, const std::map<std::string, float>& attrs = {}) {
  const DDim d(dims);
  OpCase c(op);
  c.Input("X", "x", d, RandomVector(d.production(), -range, range, seed));
  c.Output("Out", "out");
  for (const auto& a : attrs) c.Attr<float>(a.first, a.second);
  return c;
}

void CompareWithHost(const std::string& op, const std::vector<int64_t>& dims, float range,
                     uint32_t seed, const std::map<std::string, float>& attrs = {},
                     int threads = 1) {
  SCOPED_TRACE(StrCat(op, " x", dims, " range=", range, " threads=", threads));
  const Tolerance tol{1e-6f, op == "exp" ? 2e-6f : 1e-6f};
  ExpectX86MatchesHost(MakeActivation(op, dims, range, seed, attrs), tol, threads);
}

using ActivationX86 = X86KernelTest;

TEST_F(ActivationX86, AreRegisteredWithTheCpuRequirement) {
  for (const char* op : kActivations) ExpectX86KernelRequiresAvx2Fma(op);
}

TEST_F(ActivationX86, OddSizesAndRanks) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {
      {1}, {7}, {8}, {9}, {15}, {16}, {17}, {2, 3}, {1, 5, 3, 3}, {2, 16, 7, 9}, {3, 1, 1, 1}};
  for (const char* op : kActivations) {
    for (const auto& dims : shapes) CompareWithHost(op, dims, 8.f, seed++);
  }
}

TEST_F(ActivationX86, AttributeVariants) {
  uint32_t seed = 100;
  const std::vector<int64_t> dims = {2, 3, 5, 7};
  CompareWithHost("relu6", dims, 8.f, seed++, {{"threshold", 1.5f}});
  CompareWithHost("relu6", dims, 8.f, seed++, {{"threshold", 20.f}});
  CompareWithHost("leaky_relu", dims, 8.f, seed++, {{"alpha", 0.1f}});
  CompareWithHost("leaky_relu", dims, 8.f, seed++, {{"alpha", -0.5f}});
  CompareWithHost("hard_swish", dims, 8.f, seed++,
                  {{"threshold", 4.f}, {"scale", 5.f}, {"offset", 2.f}});
  CompareWithHost("hard_sigmoid", dims, 8.f, seed++, {{"slope", 0.3f}, {"offset", 0.2f}});
  CompareWithHost("hard_sigmoid", dims, 8.f, seed++, {{"slope", 1.f / 6.f}, {"offset", 0.5f}});
  CompareWithHost("swish", dims, 8.f, seed++, {{"beta", 0.5f}});
  CompareWithHost("swish", dims, 8.f, seed++, {{"beta", -2.f}});
  OpCase gelu = MakeActivation("gelu", dims, 8.f, seed++);
  gelu.Attr<bool>("approximate", true);
  ExpectX86MatchesHost(gelu, {1e-6f, 1e-6f});
}

TEST_F(ActivationX86, LargeMagnitudesSaturateWithoutNaN) {
  uint32_t seed = 200;
  for (const char* op : kActivations) {
    // exp overflows to inf at this range (inf - inf is no difference to compare); its edges
    // are activation_vec_x86_test.cc's.
    if (std::string(op) != "exp") CompareWithHost(op, {3, 37}, 1000.f, seed++);
  }
  CompareWithHost("exp", {3, 37}, 80.f, seed++);
  // sigmoid at the edges of exp's range and beyond: exact 0 / 1 and no NaN.
  OpCase c("sigmoid");
  c.Input("X", "x", DDim({10}),
          {-1e30f, -200.f, -88.f, -87.f, -0.f, 0.f, 87.f, 89.f, 200.f, 1e30f});
  c.Output("Out", "out");
  ExpectX86MatchesHost(c, {1e-6f, 0.f});
  KernelRun x86(c, kX86Place);
  x86.Run();
  for (float v : ToVector(x86.Var("out"))) EXPECT_FALSE(std::isnan(v));
}

TEST_F(ActivationX86, LargeTensorsSplitOverThreads) {
  uint32_t seed = 300;
  for (const char* op : kActivations) {
    CompareWithHost(op, {1, 64, 112, 113}, 8.f, seed++, {}, 2);  // > 2 x 256 K floats
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
