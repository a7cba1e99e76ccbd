// Standalone activation ARM fp16 kernel against the host fp32 kernel (arm_fp16_vs_host.h:
// within 2e-2 of the output's range): every kind it registers, non-default attributes, odd
// sizes (the vector tail), large tensors over 2 threads.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const char* const kActivations[] = {"relu",         "relu6",   "leaky_relu", "hard_swish",
                                    "hard_sigmoid", "sigmoid", "swish",      "tanh"};

void Check(const std::string& op, const std::vector<int64_t>& dims, uint32_t seed,
           const std::map<std::string, float>& attrs = {}, int threads = 1) {
  SCOPED_TRACE(StrCat(op, " x", dims, " threads=", threads));
  const DDim d(dims);
  OpCase c(op);
  c.Input("X", "x", d, RandomVector(d.production(), -8.f, 8.f, seed));
  c.Output("Out", "out");
  for (const auto& a : attrs) c.Attr<float>(a.first, a.second);
  ExpectFp16KernelMatchesHost(c, {"x"}, kFp16Rtol, threads);
}

TEST(ActivationFp16Arm, EveryKindIsRegistered) {
  for (const char* op : kActivations) EXPECT_NE(FindKernel(op, kArmFp16Place), nullptr) << op;
}

TEST(ActivationFp16Arm, OddSizesAndRanks) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {{1}, {7}, {8}, {9}, {2, 3}, {1, 5, 3, 3},
                                                    {2, 16, 7, 9}, {300}};
  for (const char* op : kActivations) {
    for (const auto& dims : shapes) Check(op, dims, seed++);
  }
}

TEST(ActivationFp16Arm, AttributeVariants) {
  uint32_t seed = 100;
  const std::vector<int64_t> dims = {2, 3, 5, 7};
  Check("relu6", dims, seed++, {{"threshold", 1.5f}});
  Check("leaky_relu", dims, seed++, {{"alpha", 0.1f}});
  Check("leaky_relu", dims, seed++, {{"alpha", -0.5f}});
  Check("hard_swish", dims, seed++, {{"threshold", 4.f}, {"scale", 5.f}, {"offset", 2.f}});
  Check("hard_sigmoid", dims, seed++, {{"slope", 0.3f}, {"offset", 0.2f}});
  Check("swish", dims, seed++, {{"beta", -2.f}});
}

TEST(ActivationFp16Arm, LargeTensorsSplitOverThreads) {
  uint32_t seed = 200;
  for (const char* op : kActivations) Check(op, {1, 16, 130, 129}, seed++, {}, 2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
