// pool2d ARM kernel against the host kernel (the reference) over every attribute the host
// kernel takes: max/avg, exclusive, ceil_mode, global, adaptive, 2- and 4-value paddings,
// SAME/VALID, windows that read only padding; the NEON 2x2/3x3 stride-1/2 rows at every
// output width around the 4-lane vectors, generic windows, odd sizes, 1x1 inputs; 1 and 2
// threads, two runs, input shape changes between runs.
//
// Tolerance: max is exact (same elements compared); avg sums at most k*k (or a whole plane)
// values of |x| <= 2 in another order: |arm - host| <= 1e-5 + 1e-5 * |host|. A window or
// divisor bug is off by O(0.1) or more.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/kernel_vs_host.h"
#include "lite/tests/kernels/pool_op_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kArmPlace(TargetType::kARM, PrecisionType::kFloat, DataLayoutType::kNCHW);

Tolerance PoolTolerance(const PoolCase& p) {
  return p.type == "max" ? Tolerance{0.f, 0.f} : Tolerance{1e-5f, 1e-5f};
}

// Two runs on the ARM kernel (the second reuses its scratch).
void CompareWithHost(const PoolCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectKernelMatchesHost(MakePool(p, seed), kArmPlace, PoolTolerance(p), threads, 2);
}

TEST(Pool2dArm, SlidingWindowsEveryAttribute) {
  uint32_t seed = 1;
  for (const PoolCase& p : EveryAttributeCases()) CompareWithHost(p, seed++);
}

TEST(Pool2dArm, GlobalAndAdaptive) {
  uint32_t seed = 2000;
  for (const PoolCase& p : GlobalAndAdaptiveCases(5)) CompareWithHost(p, seed++);
}

TEST(Pool2dArm, PaddingAlgorithmsAndEmptyWindows) {
  uint32_t seed = 3000;
  for (const PoolCase& p : PaddingAlgorithmCases(3)) CompareWithHost(p, seed++);
}

// The vector rows end with their last vector recomputed, or run scalar below 4 outputs.
TEST(Pool2dArm, EveryWidthAroundTheVectorTail) {
  uint32_t seed = 4000;
  for (const std::string type : {"max", "avg"}) {
    for (int k : {2, 3}) {
      for (int s : {1, 2}) {
        for (int out_w = 1; out_w <= 13; ++out_w) {
          PoolCase p;
          p.c = 2;
          p.type = type;
          p.ksize = {k, k};
          p.strides = {s, s};
          p.w = (out_w - 1) * s + k;  // exactly out_w windows without padding
          p.h = 5 + out_w % 4;
          p.paddings = out_w % 3 == 0 ? std::vector<int>{1, 1} : std::vector<int>{0, 0};
          p.ceil_mode = out_w % 2 == 1;
          p.exclusive = out_w % 4 < 2;
          CompareWithHost(p, seed++);
        }
      }
    }
  }
}

TEST(Pool2dArm, NetworkShapesWithThreads) {
  PoolCase p;
  p.n = 2;
  p.c = 16;
  p.h = 112;
  p.w = 112;
  p.ksize = {3, 3};
  p.strides = {2, 2};
  p.paddings = {1, 1};  // resnet's stem max pool
  CompareWithHost(p, 5000, 1);
  CompareWithHost(p, 5001, 2);
  p.ksize = {2, 2};
  p.paddings = {0, 0};
  p.h = 57;
  p.w = 31;
  CompareWithHost(p, 5002, 2);
  p.type = "avg";
  CompareWithHost(p, 5003, 2);
  p.ksize = {3, 3};
  p.strides = {1, 1};
  p.paddings = {1, 1};
  p.exclusive = false;
  CompareWithHost(p, 5004, 2);
  p = PoolCase();
  p.n = 2;
  p.c = 64;
  p.h = 33;
  p.w = 35;
  p.type = "avg";
  p.global = true;
  CompareWithHost(p, 5005, 2);
  p.type = "max";
  CompareWithHost(p, 5006, 2);
}

TEST(Pool2dArm, InputShapeChangesBetweenRuns) {
  for (const std::string type : {"max", "avg"}) {
    for (bool global : {false, true}) {
      PoolCase p;
      p.c = 3;
      p.h = 9;
      p.w = 9;
      p.type = type;
      p.ksize = {3, 3};
      p.strides = {2, 2};
      p.paddings = {1, 1};
      p.global = global;
      KernelRun host(MakePool(p, 6000), kHostPlace, 1), arm(MakePool(p, 6000), kArmPlace, 2);
      for (auto hw : std::vector<std::pair<int, int>>{{9, 9}, {20, 7}, {1, 1}, {64, 70}, {9, 9}}) {
        SCOPED_TRACE(Describe(p) + " run at " + std::to_string(hw.first) + "x" +
                     std::to_string(hw.second));
        const std::vector<float> x =
            RandomVector(static_cast<size_t>(p.c) * hw.first * hw.second, -2.f, 2.f, 6001);
        for (KernelRun* run : {&host, &arm}) {
          run->Fill("x", DDim({p.n, p.c, hw.first, hw.second}), x);
          run->Run();
        }
        ExpectSameOutputs(&host, &arm, {"out"}, PoolTolerance(p));
      }
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
