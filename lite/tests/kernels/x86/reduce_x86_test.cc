// reduce_sum / mean / max / min x86 kernel against the host kernel (the reference, sums in
// double): every subset of dims of 1- to 4-D inputs (one reduced block: rows or columns;
// reduced dims with kept ones between them: the general walk), negative dims, keep_dim,
// reduce_all, size-1 dims, odd widths (vector tails), large inputs over threads, and an
// empty reduction.
//
// Tolerance: the x86 sums add float chunks of 2048 values in double, the host sums all in
// double; for values in [-1, 1] |x86 - host| <= 1e-5 + 1e-5 * |host| (1e-4 absolute for the
// large sums). max / min are exact.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

OpCase MakeReduce(const std::string& type, const std::vector<int64_t>& dims,
                  const std::vector<int>& axes, bool keep_dim, bool reduce_all, uint32_t seed) {
  const DDim d(dims);
  OpCase c(type);
  c.Input("X", "x", d, RandomVector(d.production(), -1.f, 1.f, seed));
  c.Output("Out", "out");
  c.Attr<std::vector<int32_t>>("dim", axes);
  c.Attr<bool>("keep_dim", keep_dim);
  c.Attr<bool>("reduce_all", reduce_all);
  return c;
}

const char* const kTypes[] = {"reduce_sum", "reduce_mean", "reduce_max", "reduce_min"};

using ReduceX86 = X86KernelTest;

TEST_F(ReduceX86, IsRegisteredWithTheCpuRequirement) {
  for (const char* type : kTypes) ExpectX86KernelRequiresAvx2Fma(type);
}

TEST_F(ReduceX86, EverySubsetOfDims) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> shapes = {{37}, {3, 9}, {2, 5, 11}, {2, 3, 4, 17},
                                                    {2, 1, 40, 3}, {1, 8, 1, 9}};
  for (const auto& dims : shapes) {
    const int rank = static_cast<int>(dims.size());
    for (int mask = 1; mask < (1 << rank); ++mask) {
      std::vector<int> axes;
      for (int a = 0; a < rank; ++a) {
        if (mask & (1 << a)) axes.push_back(a % 2 ? a - rank : a);  // some negative
      }
      for (const char* type : kTypes) {
        for (bool keep : {false, true}) {
          SCOPED_TRACE(StrCat(type, " x", dims, " dim=", axes, " keep_dim=", keep));
          ExpectX86MatchesHost(MakeReduce(type, dims, axes, keep, false, seed++), {1e-5f, 1e-5f});
        }
      }
    }
  }
}

TEST_F(ReduceX86, ReduceAllAndEmptyDimList) {
  for (const char* type : kTypes) {
    SCOPED_TRACE(type);
    ExpectX86MatchesHost(MakeReduce(type, {3, 4, 5}, {0}, false, true, 10), {1e-5f, 1e-5f});
    ExpectX86MatchesHost(MakeReduce(type, {3, 4, 5}, {}, true, false, 11), {1e-5f, 1e-5f});
  }
}

TEST_F(ReduceX86, LargeInputsOverThreads) {
  for (int threads : {1, 2, 3}) {
    for (const char* type : kTypes) {
      SCOPED_TRACE(StrCat(type, " threads=", threads));
      // SE-block global mean over H, W; a channel mean (columns); one long row.
      ExpectX86MatchesHost(MakeReduce(type, {2, 96, 40, 40}, {2, 3}, true, false, 20),
                           {1e-4f, 1e-5f}, threads);
      ExpectX86MatchesHost(MakeReduce(type, {4, 64, 300}, {1}, false, false, 21),
                           {1e-4f, 1e-5f}, threads);
      ExpectX86MatchesHost(MakeReduce(type, {100003}, {0}, false, false, 22), {1e-4f, 1e-5f},
                           threads);
      ExpectX86MatchesHost(MakeReduce(type, {5000, 19}, {0}, false, false, 23), {1e-4f, 1e-5f},
                           threads);
    }
  }
}

TEST_F(ReduceX86, EmptyReduction) {
  // Sum of nothing is 0 and mean NaN, as on host (compared by ExpectSameOutputs, NaN = NaN
  // is not assumed: checked here); max / min of nothing is an error.
  for (const char* type : {"reduce_sum", "reduce_mean"}) {
    KernelRun x86(MakeReduce(type, {2, 0, 3}, {1}, false, false, 30), kX86Place);
    x86.Run();
    const Tensor& out = x86.Var("out");
    ASSERT_EQ(out.dims(), DDim({2, 3}));
    for (int64_t i = 0; i < out.numel(); ++i) {
      if (std::string(type) == "reduce_sum") {
        EXPECT_EQ(out.data<float>()[i], 0.f);
      } else {
        EXPECT_TRUE(std::isnan(out.data<float>()[i]));
      }
    }
  }
  KernelRun max(MakeReduce("reduce_max", {2, 0, 3}, {1}, false, false, 31), kX86Place);
  ExpectErrorContaining([&] { max.Run(); }, "are empty");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
