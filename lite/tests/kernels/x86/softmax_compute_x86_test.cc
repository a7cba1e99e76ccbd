// softmax x86 kernel against the host kernel (the reference): every axis of ranks 1-4,
// negative axes, odd sizes (vector tails on rows and columns), 1 element, large magnitudes
// (no overflow or NaN), large tensors over threads. (The vector exp itself is checked
// against std::exp in activation_vec_x86_test.cc.)
//
// Tolerance: the polynomial exp is about 2e-7 relative, then a sum of n terms and one
// scale: |x86 - host| <= 1e-6 + 1e-5 * |host|. An axis or stride bug is off by O(0.1).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/x86/x86_vs_host.h"

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

void CompareWithHost(const std::vector<int64_t>& dims, int axis, uint32_t seed,
                     float range = 4.f, int threads = 1) {
  SCOPED_TRACE(StrCat("x", dims, " axis=", axis, " range=", range, " threads=", threads));
  ExpectX86MatchesHost(MakeSoftmax(dims, axis, range, seed), kTolerance, threads);
}

using SoftmaxX86 = X86KernelTest;

TEST_F(SoftmaxX86, IsRegisteredWithTheCpuRequirement) {
  ExpectX86KernelRequiresAvx2Fma("softmax");
}

TEST_F(SoftmaxX86, EveryAxisPositiveAndNegative) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {
      {1}, {5}, {8}, {19}, {3, 7}, {4, 9}, {2, 3, 17}, {2, 9, 3}, {2, 3, 4, 5}, {1, 10, 7, 9},
      {3, 1, 1, 1}, {1, 1, 1, 1}, {2, 21, 8, 8}};
  for (const auto& dims : shapes) {
    const int rank = static_cast<int>(dims.size());
    for (int axis = -rank; axis < rank; ++axis) CompareWithHost(dims, axis, seed++);
  }
}

TEST_F(SoftmaxX86, LargeMagnitudesNoOverflowOrNaN) {
  uint32_t seed = 100;
  for (float range : {50.f, 100.f, 1e4f, 1e30f}) {
    CompareWithHost({3, 17}, -1, seed++, range);
    CompareWithHost({3, 17, 5}, 1, seed++, range);
  }
  OpCase c("softmax");  // one huge value dominates; equal huge values split evenly
  c.Input("X", "x", DDim({2, 4}), {1e38f, -1e38f, 0.f, 5.f, 3e38f, 3e38f, -3e38f, 88.f});
  c.Output("Out", "out");
  ExpectX86MatchesHost(c, kTolerance);
  KernelRun x86(c, kX86Place);
  x86.Run();
  ExpectAllNear(ToVector(x86.Var("out")), {1.f, 0.f, 0.f, 0.f, 0.5f, 0.5f, 0.f, 0.f}, 1e-6f);
}

TEST_F(SoftmaxX86, LargeTensorsSplitOverThreads) {
  CompareWithHost({256, 1000}, -1, 200, 4.f, 2);     // rows
  CompareWithHost({4, 85, 40, 40}, 1, 201, 4.f, 2);  // blocks of columns
  CompareWithHost({1, 85, 67, 67}, 1, 202, 4.f, 2);  // one block split by columns
  CompareWithHost({1, 3, 1}, 1, 203, 4.f, 2);        // tiny with a pool
}

TEST_F(SoftmaxX86, EmptyAxisGivesAnEmptyOutput) {
  for (int axis : {0, 1, 2}) {
    KernelRun x86(MakeSoftmax({2, 0, 3}, axis, 1.f, 1), kX86Place);
    x86.Run();
    EXPECT_EQ(x86.Var("out").dims(), DDim({2, 0, 3}));
  }
}

TEST_F(SoftmaxX86, AxisOutOfRangeIsAnError) {
  KernelRun x86(MakeSoftmax({2, 3}, 2, 1.f, 1), kX86Place);
  ExpectErrorContaining([&] { x86.Run(); }, "axis 2");
  KernelRun x86_neg(MakeSoftmax({2, 3}, -3, 1.f, 1), kX86Place);
  ExpectErrorContaining([&] { x86_neg.Run(); }, "axis -3");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
