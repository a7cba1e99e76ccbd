// pool2d x86 kernel against the host kernel (the reference) on the widths where the AVX2 row
// code (lite/backends/x86/math/pool/pool_rows_avx2.cc) runs its vector loop and then its
// recomputed last 8 outputs: the stride-2 column windows and the element-wise row
// reduction, for every output width 8..40, 2x2 and 3x3 windows, stride 1 and 2, max and avg,
// ceil_mode and paddings, squeezenet's ceil-mode max pools, 1 and 2 threads.
//
// Tolerance: max is exact; avg sums at most 9 values of |x| <= 2 in another order:
// |x86 - host| <= 1e-5 + 1e-5 * |host|. A tail lane written wrong is off by O(0.1) or more.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/pool_op_case.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using PoolRowsX86 = X86KernelTest;

TEST_F(PoolRowsX86, EveryWidthAroundTheVectorTail) {
  ExpectPoolRowTailsMatchHost(kX86Place, 8, 40, [](int out_w) { return out_w % 5 != 0; }, 1);
}

TEST_F(PoolRowsX86, SqueezenetMaxPoolsOnOneAndTwoThreads) {
  uint32_t seed = 100;
  for (int threads : {1, 2}) {
    for (const std::vector<int>& chw : std::vector<std::vector<int>>{
             {64, 113, 113}, {128, 56, 56}, {256, 28, 28}, {8, 27, 27}}) {
      PoolCase p;
      p.c = chw[0];
      p.h = chw[1];
      p.w = chw[2];
      p.ksize = {3, 3};
      p.strides = {2, 2};
      p.ceil_mode = true;
      ExpectPoolMatchesHost(kX86Place, p, seed++, threads);
      p.type = "avg";  // the same windows summed
      p.exclusive = false;
      ExpectPoolMatchesHost(kX86Place, p, seed++, threads);
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
