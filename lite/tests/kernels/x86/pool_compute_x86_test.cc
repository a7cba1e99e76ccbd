// pool2d x86 kernel against the host kernel (the reference) over every attribute the host
// kernel takes: max/avg, exclusive, ceil_mode, global, adaptive, 2- and 4-value paddings,
// SAME/VALID, the unrolled 2x2/3x3 stride-1/2 windows and generic ones, odd sizes, 1x1 inputs.
//
// Tolerance: max is exact (same elements compared); avg sums at most k*k (or a whole plane)
// values of |x| <= 2 in another order: |x86 - host| <= 1e-5 + 1e-5 * |host|. A window or
// divisor bug is off by O(0.1) or more.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/pool_op_case.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

void CompareWithHost(const PoolCase& p, uint32_t seed) {
  SCOPED_TRACE(Describe(p));
  const Tolerance tol = p.type == "max" ? Tolerance{0.f, 0.f} : Tolerance{1e-5f, 1e-5f};
  ExpectX86MatchesHost(MakePool(p, seed), tol);
}

using Pool2dX86 = X86KernelTest;

TEST_F(Pool2dX86, IsRegisteredWithTheCpuRequirement) {
  ExpectX86KernelRequiresAvx2Fma("pool2d");
}

TEST_F(Pool2dX86, SlidingWindowsEveryAttribute) {
  uint32_t seed = 1;
  for (const PoolCase& p : EveryAttributeCases()) CompareWithHost(p, seed++);
}

TEST_F(Pool2dX86, NetworkShapes) {
  PoolCase p;
  p.n = 1;
  p.c = 16;
  p.h = 112;
  p.w = 112;
  p.ksize = {3, 3};
  p.strides = {2, 2};
  p.paddings = {1, 1};  // resnet's stem max pool
  CompareWithHost(p, 1000);
  p.ksize = {2, 2};
  p.paddings = {0, 0};
  p.h = 57;
  p.w = 31;
  CompareWithHost(p, 1001);
  p.type = "avg";
  CompareWithHost(p, 1002);
  p.ksize = {3, 3};
  p.paddings = {1, 1};
  p.exclusive = false;
  CompareWithHost(p, 1003);
}

TEST_F(Pool2dX86, GlobalAndAdaptive) {
  uint32_t seed = 2000;
  for (const PoolCase& p : GlobalAndAdaptiveCases(5)) CompareWithHost(p, seed++);
}

TEST_F(Pool2dX86, PaddingAlgorithmsAndEmptyWindows) {
  uint32_t seed = 3000;
  for (const PoolCase& p : PaddingAlgorithmCases(3)) CompareWithHost(p, seed++);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
