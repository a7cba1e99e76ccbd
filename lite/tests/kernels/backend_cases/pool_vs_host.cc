// pool2d backend kernels against the host kernel (the reference) over every attribute the
// host kernel takes: max/avg, exclusive, ceil_mode, global, adaptive, 2- and 4-value
// paddings, SAME/VALID, windows that read only padding; generic windows, odd sizes, 1x1
// inputs, network shapes over 1 and 2 threads, input shape changes between runs (the
// backends' unrolled 2x2/3x3 rows at every width around their vector tails:
// ExpectPoolRowTailsMatchHost, pool_op_case.h). Every comparison runs the backend's kernel
// twice (the second run reuses its scratch).
//
// Tolerance (PoolTolerance): max is exact (the same elements compared); avg sums at most
// k*k (or a whole plane) values of |x| <= 2 in another order: |kernel - host| <= 1e-5 +
// 1e-5 * |host|. A window or divisor bug is off by O(0.1) or more.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/pool_op_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

TEST_P(Pool2dVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("pool2d");
}

TEST_P(Pool2dVsHost, SlidingWindowsEveryAttribute) {
  uint32_t seed = 1;
  for (const PoolCase& p : EveryAttributeCases()) ExpectPoolMatchesHost(place(), p, seed++);
}

TEST_P(Pool2dVsHost, GlobalAndAdaptive) {
  uint32_t seed = 2000;
  for (const PoolCase& p : GlobalAndAdaptiveCases(5)) ExpectPoolMatchesHost(place(), p, seed++);
}

TEST_P(Pool2dVsHost, PaddingAlgorithmsAndEmptyWindows) {
  uint32_t seed = 3000;
  for (const PoolCase& p : PaddingAlgorithmCases(3)) ExpectPoolMatchesHost(place(), p, seed++);
}

TEST_P(Pool2dVsHost, NetworkShapesWithThreads) {
  uint32_t seed = 5000;
  for (int n : {1, 2}) {
    for (int threads : {1, 2}) {
      PoolCase p;
      p.n = n;
      p.c = 16;
      p.h = 112;
      p.w = 112;
      p.ksize = {3, 3};
      p.strides = {2, 2};
      p.paddings = {1, 1};  // resnet's stem max pool
      ExpectPoolMatchesHost(place(), p, seed++, threads);
      p.ksize = {2, 2};
      p.paddings = {0, 0};
      p.h = 57;
      p.w = 31;
      ExpectPoolMatchesHost(place(), p, seed++, threads);
      p.type = "avg";
      ExpectPoolMatchesHost(place(), p, seed++, threads);
      p.ksize = {3, 3};
      p.paddings = {1, 1};
      p.exclusive = false;
      ExpectPoolMatchesHost(place(), p, seed++, threads);
      p.strides = {1, 1};
      ExpectPoolMatchesHost(place(), p, seed++, threads);
      p = PoolCase();
      p.n = n;
      p.c = 64;
      p.h = 33;
      p.w = 35;
      p.type = "avg";
      p.global = true;
      ExpectPoolMatchesHost(place(), p, seed++, threads);
      p.type = "max";
      ExpectPoolMatchesHost(place(), p, seed++, threads);
    }
  }
}

TEST_P(Pool2dVsHost, InputShapeChangesBetweenRuns) {
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
      SCOPED_TRACE(Describe(p));
      ExpectKernelFollowsInputShapes(
          MakePool(p, 6000), place(), "x",
          NchwShapes(p.n, p.c, {{9, 9}, {20, 7}, {1, 1}, {64, 70}, {9, 9}}), -2.f, 2.f, 6001,
          PoolTolerance(p), 2);
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
