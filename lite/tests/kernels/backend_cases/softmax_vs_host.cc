// softmax backend kernels against the host kernel (the reference): every axis of ranks
// 1-4, negative axes, odd sizes (vector tails on rows and columns), 1 element, batch > 1,
// large magnitudes (no overflow or NaN), NaN and infinities, large tensors over 2 threads;
// 1 and 2 threads, two runs each. (The vector exp itself is each backend's
// activation_vec_*_test.cc's.)
//
// Tolerance: the polynomial exp is about 2e-7 relative, then a sum of n terms and one
// scale: |kernel - host| <= 1e-6 + 1e-5 * |host|. An axis or stride bug is off by O(0.1).
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr Tolerance kTolerance{1e-6f, 1e-5f};

OpCase MakeSoftmax(const std::vector<int64_t>& dims, int axis, float range, uint32_t seed) {
  const DDim d(dims);
  OpCase c("softmax");
  c.Input("X", "x", d, RandomVector(d.production(), -range, range, seed));
  c.Output("Out", "out");
  c.Attr<int32_t>("axis", axis);
  return c;
}

void CompareWithHost(const Place& place, const std::vector<int64_t>& dims, int axis,
                     uint32_t seed, float range = 4.f, const std::vector<int>& threads = {1, 2}) {
  const OpCase c = MakeSoftmax(dims, axis, range, seed);
  for (int t : threads) {
    SCOPED_TRACE(StrCat("x", dims, " axis=", axis, " range=", range, " threads=", t));
    ExpectKernelMatchesHost(c, place, kTolerance, t);
  }
}

TEST_P(SoftmaxVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("softmax");
}

TEST_P(SoftmaxVsHost, EveryAxisPositiveAndNegative) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {
      {1}, {3}, {4}, {5}, {8}, {19}, {3, 7}, {4, 9}, {2, 3, 17}, {2, 9, 3}, {2, 3, 4, 5},
      {1, 10, 7, 9}, {3, 1, 1, 1}, {1, 1, 1, 1}, {2, 21, 8, 8}, {3, 5, 6, 263}};
  for (const auto& dims : shapes) {
    const int rank = static_cast<int>(dims.size());
    for (int axis = -rank; axis < rank; ++axis) CompareWithHost(place(), dims, axis, seed++);
  }
}

TEST_P(SoftmaxVsHost, LargeMagnitudesNoOverflowOrNaN) {
  uint32_t seed = 100;
  for (float range : {50.f, 100.f, 1e4f, 1e30f}) {
    CompareWithHost(place(), {3, 17}, -1, seed++, range);
    CompareWithHost(place(), {3, 17, 5}, 1, seed++, range);
  }
  OpCase c("softmax");  // one huge value dominates; equal huge values split evenly
  c.Input("X", "x", DDim({2, 4}), {1e38f, -1e38f, 0.f, 5.f, 3e38f, 3e38f, -3e38f, 88.f});
  c.Output("Out", "out");
  ExpectMatchesHost(c, kTolerance);
  KernelRun kernel(c, place());
  kernel.Run();
  ExpectAllNear(ToVector(kernel.Var("out")), {1.f, 0.f, 0.f, 0.f, 0.5f, 0.5f, 0.f, 0.f}, 1e-6f);
}

// A NaN or +inf poisons its row (and column) as on host; -inf gives 0.
TEST_P(SoftmaxVsHost, NonFiniteInputsBehaveAsHost) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  const std::vector<float> x = {1.f,  nan,  2.f, 3.f, 4.f,  -inf, 0.f, 1.f, inf, 2.f,
                                -1.f, -inf, 5.f, 6.f, -2.f, -inf, 0.f, 3.f, 1.f, 7.f};
  for (int axis : {0, 1}) {
    OpCase c("softmax");
    c.Input("X", "x", DDim({4, 5}), x);
    c.Output("Out", "out");
    c.Attr<int32_t>("axis", axis);
    SCOPED_TRACE(StrCat("axis=", axis));
    ExpectKernelMatchesHostNonFinite(c, place(), kTolerance);
  }
}

TEST_P(SoftmaxVsHost, LargeTensorsSplitOverThreads) {
  CompareWithHost(place(), {256, 1000}, -1, 200, 4.f, {2});     // rows
  CompareWithHost(place(), {4, 85, 40, 40}, 1, 201, 4.f, {2});  // blocks of columns
  CompareWithHost(place(), {1, 85, 67, 67}, 1, 202, 4.f, {2});  // one block split by columns
  CompareWithHost(place(), {1, 3, 1}, 1, 203, 4.f, {2});        // tiny with a pool
}

TEST_P(SoftmaxVsHost, EmptyAxisGivesAnEmptyOutput) {
  for (int axis : {0, 1, 2}) {
    KernelRun kernel(MakeSoftmax({2, 0, 3}, axis, 1.f, 1), place());
    kernel.Run();
    EXPECT_EQ(kernel.Var("out").dims(), DDim({2, 0, 3}));
  }
}

TEST_P(SoftmaxVsHost, AxisOutOfRangeIsAnError) {
  KernelRun above(MakeSoftmax({2, 3}, 2, 1.f, 1), place());
  ExpectErrorContaining([&] { above.Run(); }, "axis 2");
  KernelRun below(MakeSoftmax({2, 3}, -3, 1.f, 1), place());
  ExpectErrorContaining([&] { below.Run(); }, "axis -3");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
