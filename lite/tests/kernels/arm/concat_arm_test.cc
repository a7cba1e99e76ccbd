// concat ARM kernel against the host kernel (the reference): exact (both copy). Two and
// three inputs on every axis (negative too), the axis from AxisTensor, an empty input, a
// single input, batch > 1, and feature maps big enough to split over 2 threads (range
// edges inside inputs' runs); 1 and 2 threads, two runs each; int kernels left to host.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/arm/arm_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

OpCase MakeConcat(const std::vector<std::vector<int64_t>>& dims, int axis) {
  OpCase c("concat");
  for (size_t i = 0; i < dims.size(); ++i) {
    const DDim d(dims[i]);
    c.Input("X", "x" + std::to_string(i), d,
            RandomVector(d.production(), -1.f, 1.f, 11 + static_cast<uint32_t>(i)));
  }
  c.Output("Out", "out");
  c.Attr<int32_t>("axis", axis);
  return c;
}

void ExpectConcatSameAsHost(const OpCase& c, const std::string& trace) {
  for (int threads : {1, 2}) {
    SCOPED_TRACE(StrCat(trace, " threads=", threads));
    ExpectArmMatchesHost(c, Tolerance{}, threads);
  }
}

void ExpectConcatSameAsHost(const std::vector<std::vector<int64_t>>& dims, int axis) {
  ExpectConcatSameAsHost(MakeConcat(dims, axis),
                         StrCat("axis=", axis, " inputs=", dims.size(), " first", dims[0]));
}

TEST(ConcatArm, FloatKernelOnly) {
  EXPECT_NE(FindKernel("concat", kArmPlace), nullptr);
  for (const KernelInfo* k : KernelRegistry::Global().Kernels("concat")) {
    if (k->place.target == TargetType::kARM) {
      EXPECT_EQ(k->place.precision, PrecisionType::kFloat);
    }
  }
}

TEST(ConcatArm, EveryAxisMatchesHost) {
  for (int axis = -4; axis < 4; ++axis) {
    const int a = axis < 0 ? axis + 4 : axis;
    std::vector<std::vector<int64_t>> dims = {{2, 3, 5, 7}, {2, 3, 5, 7}, {2, 3, 5, 7}};
    dims[1][a] = 1;
    dims[2][a] = 4;
    ExpectConcatSameAsHost(dims, axis);
  }
  ExpectConcatSameAsHost({{3, 0, 4}, {3, 2, 4}}, 1);  // an empty input
  ExpectConcatSameAsHost({{7}}, 0);                   // a single input
}

TEST(ConcatArm, AxisFromAxisTensor) {
  OpCase c = MakeConcat({{2, 3, 5}, {2, 3, 2}}, 0);  // the tensor's axis wins
  c.IntInput("AxisTensor", "axis", DDim({1}), {-1});
  ExpectConcatSameAsHost(c, "AxisTensor -1");
}

TEST(ConcatArm, FeatureMapsSplitOverThreads) {
  ExpectConcatSameAsHost({{1, 64, 56, 56}, {1, 64, 56, 56}}, 1);
  ExpectConcatSameAsHost({{2, 48, 29, 31}, {2, 17, 29, 31}, {2, 5, 29, 31}}, 1);
  ExpectConcatSameAsHost({{3, 7, 130, 129}, {3, 7, 3, 129}}, 2);
  ExpectConcatSameAsHost({{4000, 3}, {4000, 1}, {4000, 5}}, 1);  // many short segments
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
