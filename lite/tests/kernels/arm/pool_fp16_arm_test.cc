// pool2d ARM fp16 kernel against the host fp32 kernel (arm_fp16_vs_host.h: within 2e-2 of
// the output's range; max pools are exact, averages sum in fp32 and round once): every
// attribute combination on small odd shapes, global and adaptive pooling, rows wide enough
// for the 8-column vector path at strides 1 and 2 (with padded edges and ceil_mode), and
// many planes over 2 threads.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"
#include "lite/tests/kernels/pool_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

OpCase MakePool(const PoolCase& p, uint32_t seed) {
  OpCase c("pool2d");
  c.Input("X", "x", DDim({p.n, p.c, p.h, p.w}),
          RandomVector(static_cast<size_t>(p.n) * p.c * p.h * p.w, -2.f, 2.f, seed));
  c.Output("Out", "out");
  c.Attr<std::string>("pooling_type", p.type);
  c.Attr<std::vector<int32_t>>("ksize", p.ksize);
  c.Attr<std::vector<int32_t>>("strides", p.strides);
  c.Attr<std::vector<int32_t>>("paddings", p.paddings);
  c.Attr<bool>("exclusive", p.exclusive);
  c.Attr<bool>("ceil_mode", p.ceil_mode);
  c.Attr<bool>("global_pooling", p.global);
  c.Attr<bool>("adaptive", p.adaptive);
  if (!p.padding_algorithm.empty()) c.Attr<std::string>("padding_algorithm", p.padding_algorithm);
  return c;
}

void Check(const PoolCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p));
  ExpectFp16KernelMatchesHost(MakePool(p, seed), {"x"}, kFp16Rtol, threads);
}

TEST(PoolFp16Arm, IsRegistered) { EXPECT_NE(FindKernel("pool2d", kArmFp16Place), nullptr); }

TEST(PoolFp16Arm, EveryAttributeCombination) {
  uint32_t seed = 1;
  for (const PoolCase& p : EveryAttributeCases()) Check(p, seed++);
}

TEST(PoolFp16Arm, GlobalAndAdaptive) {
  uint32_t seed = 1000;
  for (const PoolCase& p : GlobalAndAdaptiveCases(3)) Check(p, seed++);
  PoolCase big;  // a plane of 3136 values summed for one average
  big.c = 2;
  big.h = big.w = 56;
  big.type = "avg";
  big.global = true;
  Check(big, seed++);
}

TEST(PoolFp16Arm, WideRowsTakeTheVectorPath) {
  uint32_t seed = 2000;
  const std::vector<std::vector<int>> windows = {{2, 2, 2}, {3, 3, 2}, {3, 3, 1}, {2, 3, 1},
                                                 {1, 1, 2}, {5, 5, 2}};  // kh, kw, stride
  for (const std::string type : {"max", "avg"}) {
    for (const auto& win : windows) {
      for (const std::vector<int>& pad : {std::vector<int>{0, 0}, {1, 1}, {0, 1, 2, 1}}) {
        for (bool ceil_mode : {false, true}) {
          PoolCase p;
          p.n = 1;
          p.c = 2;
          p.h = 13 + seed % 7;
          p.w = 37 + seed % 11;
          p.type = type;
          p.ksize = {win[0], win[1]};
          p.strides = {win[2], win[2]};
          p.paddings = pad;
          p.ceil_mode = ceil_mode;
          p.exclusive = seed % 2 == 0;
          Check(p, seed++);
        }
      }
    }
  }
}

TEST(PoolFp16Arm, TwoThreads) {
  PoolCase p;
  p.n = 2;
  p.c = 24;
  p.h = 28;
  p.w = 27;
  p.ksize = {3, 3};
  p.strides = {2, 2};
  p.paddings = {1, 1};
  for (const std::string type : {"max", "avg"}) {
    p.type = type;
    Check(p, 3000, 2);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
