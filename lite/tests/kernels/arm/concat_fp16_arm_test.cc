// concat ARM fp16 kernel against the host fp32 kernel on the same fp16-rounded inputs:
// exact (both copy). Three inputs on every axis of 3-D and 4-D inputs (negative too), the
// axis from AxisTensor, an empty input, a single input, and feature maps big enough to split
// over 2 and 3 threads.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

OpCase MakeConcat(const std::vector<std::vector<int64_t>>& dims, int axis,
                  std::vector<std::string>* names) {
  OpCase c("concat");
  names->clear();
  for (size_t i = 0; i < dims.size(); ++i) {
    const DDim d(dims[i]);
    names->push_back("x" + std::to_string(i));
    c.Input("X", names->back(), d,
            RandomVector(d.production(), -3.f, 3.f, 21 + static_cast<uint32_t>(i)));
  }
  c.Output("Out", "out");
  c.Attr<int32_t>("axis", axis);
  return c;
}

void Check(const std::vector<std::vector<int64_t>>& dims, int axis, int threads = 1) {
  SCOPED_TRACE(StrCat("axis=", axis, " first ", dims[0], " threads=", threads));
  std::vector<std::string> names;
  ExpectFp16KernelMatchesHost(MakeConcat(dims, axis, &names), names, 0.f, threads);
}

TEST(ConcatFp16Arm, IsRegistered) { EXPECT_NE(FindKernel("concat", kArmFp16Place), nullptr); }

TEST(ConcatFp16Arm, EveryAxis) {
  for (const std::vector<int64_t>& shape :
       {std::vector<int64_t>{2, 3, 5}, std::vector<int64_t>{2, 3, 5, 7}}) {
    const int rank = static_cast<int>(shape.size());
    for (int axis = -rank; axis < rank; ++axis) {
      const int a = axis < 0 ? axis + rank : axis;
      std::vector<std::vector<int64_t>> dims = {shape, shape, shape};
      dims[1][a] = 1;
      dims[2][a] = 4;
      Check(dims, axis);
    }
  }
  Check({{3, 0, 4}, {3, 2, 4}}, 1);  // an empty input
  Check({{7}}, 0);                   // a single input
}

TEST(ConcatFp16Arm, AxisFromAxisTensor) {
  std::vector<std::string> names;
  OpCase c = MakeConcat({{2, 3, 5}, {2, 3, 2}}, 0, &names);  // the tensor's axis wins
  c.IntInput("AxisTensor", "axis", DDim({1}), {-1});
  ExpectFp16KernelMatchesHost(c, names, 0.f);
}

TEST(ConcatFp16Arm, FeatureMapsSplitOverThreads) {
  for (int threads : {2, 3}) {
    Check({{1, 64, 56, 56}, {1, 64, 56, 56}}, 1, threads);
    Check({{2, 48, 29, 31}, {2, 17, 29, 31}, {2, 5, 29, 31}}, 1, threads);
    Check({{4000, 3}, {4000, 1}, {4000, 5}}, 1, threads);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
