// batch_norm ARM fp16 kernel against the host fp32 kernel (arm_fp16_vs_host.h: within 2e-2
// of the output's range): NCHW inputs with planes shorter and longer than a vector (tails),
// a 2-D [N, C] input, means large next to the spread (the mean is subtracted first), and
// many planes over 2 threads.
#include <gtest/gtest.h>

#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

OpCase MakeBatchNorm(const DDim& dims, float mean_offset, uint32_t seed) {
  const int64_t c = dims[1];
  OpCase op("batch_norm");
  std::vector<float> mean = RandomVector(c, -1.f, 1.f, seed + 1);
  for (float& m : mean) m += mean_offset;
  std::vector<float> x = RandomVector(dims.production(), -2.f, 2.f, seed);
  for (int64_t i = 0; i < dims.production(); ++i) {
    x[i] += mean_offset;
  }
  op.Input("X", "x", dims, x);
  op.Input("Scale", "scale", DDim({c}), RandomVector(c, 0.5f, 1.5f, seed + 2));
  op.Input("Bias", "bias", DDim({c}), RandomVector(c, -0.5f, 0.5f, seed + 3));
  op.Input("Mean", "mean", DDim({c}), mean);
  op.Input("Variance", "variance", DDim({c}), RandomVector(c, 0.2f, 2.f, seed + 4));
  op.Output("Y", "y");
  op.Attr<float>("epsilon", 1e-5f);
  op.Attr<bool>("is_test", true);
  return op;
}

TEST(BatchNormFp16Arm, IsRegistered) {
  EXPECT_NE(FindKernel("batch_norm", kArmFp16Place), nullptr);
}

TEST(BatchNormFp16Arm, MatchesHost) {
  uint32_t seed = 1;
  for (const DDim& dims : {DDim({1, 3, 5, 7}), DDim({2, 5, 4, 4}), DDim({1, 4, 1, 1}),
                           DDim({2, 3, 13, 19}), DDim({3, 6})}) {
    for (float mean_offset : {0.f, 20.f}) {
      SCOPED_TRACE(StrCat(dims, " mean offset ", mean_offset));
      ExpectFp16KernelMatchesHost(MakeBatchNorm(dims, mean_offset, seed++), {"x"});
    }
  }
}

TEST(BatchNormFp16Arm, ManyPlanesOverTwoThreads) {
  ExpectFp16KernelMatchesHost(MakeBatchNorm(DDim({2, 64, 27, 29}), 0.f, 100), {"x"}, kFp16Rtol, 2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
