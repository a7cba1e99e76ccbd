// concat x86 kernel against the host kernel (the reference): exact (both copy). Two and
// three inputs on every axis (negative too), an empty input, runs longer than one piece,
// and tensors big enough to split over a 2-thread pool.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/kernels/x86/copy_threads.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using ConcatX86 = X86KernelTest;

void ExpectConcatSameAsHost(const std::vector<std::vector<int64_t>>& dims, int axis) {
  SCOPED_TRACE(StrCat("axis=", axis, " inputs=", static_cast<int>(dims.size()), " first",
                      dims[0]));
  OpCase c("concat");
  for (size_t i = 0; i < dims.size(); ++i) {
    const DDim d(dims[i]);
    c.Input("X", "x" + std::to_string(i), d,
            RandomVector(d.production(), -1.f, 1.f, 11 + static_cast<uint32_t>(i)));
  }
  c.Output("Out", "out");
  c.desc().SetAttr<int32_t>("axis", axis);
  for (int threads : {1, 2, 3}) {
    SCOPED_TRACE(StrCat("threads=", threads));
    ExpectX86MatchesHost(c, Tolerance{}, threads);
  }
}

TEST_F(ConcatX86, IsRegisteredWithTheCpuRequirement) { ExpectX86KernelRequiresAvx2Fma("concat"); }

TEST_F(ConcatX86, EveryAxisMatchesHost) {
  for (int axis = -3; axis < 3; ++axis) {
    const int a = axis < 0 ? axis + 3 : axis;
    std::vector<std::vector<int64_t>> dims = {{2, 3, 5}, {2, 3, 5}, {2, 3, 5}};
    dims[1][a] = 1;
    dims[2][a] = 4;
    ExpectConcatSameAsHost(dims, axis);
  }
  ExpectConcatSameAsHost({{3, 0, 4}, {3, 2, 4}}, 1);  // an empty input
  ExpectConcatSameAsHost({{7}}, 0);                   // a single input
}

TEST_F(ConcatX86, FeatureMapsSplitOverThreads) {
  // SqueezeNet's fire concat (runs of 3 pieces + a partial one), a batch of 2, and channel
  // concats of several outer slices.
  ExpectConcatSameAsHost({{1, 64, 56, 56}, {1, 64, 56, 56}}, 1);
  ExpectConcatSameAsHost({{2, 48, 29, 31}, {2, 17, 29, 31}, {2, 5, 29, 31}}, 1);
  ExpectConcatSameAsHost({{3, 7, 130, 129}, {3, 7, 3, 129}}, 2);
  ThreadPool pool(2);
  KernelContext ctx;
  ctx.pool = &pool;
  EXPECT_EQ(kernels::x86::CopyThreads(ctx, 2 * 4 * 2 * 64 * 56 * 56, 25), 2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
