// shuffle_channel: the host kernel against the definition written out here, and the x86
// kernel against the host kernel (exact: both copy), on odd sizes, every group that divides
// C, 1x1 planes, batches > 1, with and without a 2-thread pool (big enough to split).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/x86/copy_threads.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

OpCase ShuffleCase(const DDim& dims, int group, const std::vector<float>& x) {
  OpCase c("shuffle_channel");
  c.Input("X", "x", dims, x).Output("Out", "out").Attr<int32_t>("group", group);
  return c;
}

// Out of the kernel at `place` (run twice, as a predictor does).
std::vector<float> Shuffle(const DDim& dims, int group, const std::vector<float>& x,
                           const Place& place) {
  KernelRun run(ShuffleCase(dims, group, x), place);
  run.Run();
  run.Run();
  EXPECT_EQ(run.Var("out").dims(), dims);
  return ToVector(run.Var("out"));
}

// reshape [N, g, C/g, H, W], transpose (0, 2, 1, 3, 4), reshape back: index by index.
std::vector<float> Definition(const DDim& d, int group, const std::vector<float>& x) {
  const int64_t n = d[0], c = d[1], plane = d[2] * d[3], k = c / group;
  std::vector<float> out(x.size());
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t g = 0; g < group; ++g) {
      for (int64_t i = 0; i < k; ++i) {
        for (int64_t p = 0; p < plane; ++p) {
          // X[b, g, i, p] lands at transposed [b, i, g, p].
          out[((b * k + i) * group + g) * plane + p] = x[((b * group + g) * k + i) * plane + p];
        }
      }
    }
  }
  return out;
}

struct Case {
  std::vector<int64_t> dims;
  std::vector<int> groups;
};

const std::vector<Case> kCases = {
    {{1, 8, 3, 5}, {1, 2, 4, 8}},
    {{3, 6, 7, 1}, {2, 3, 6}},
    {{2, 15, 1, 1}, {3, 5}},
    {{1, 116, 28, 28}, {2}},   // shufflenet's size
    {{4, 116, 56, 56}, {2}},   // big enough to split over the pool
    {{2, 464, 7, 9}, {2, 4}},  // odd plane, several images per task
    {{1, 0, 4, 4}, {2}},       // no channels
};

TEST(ShuffleChannelHost, MatchesTheDefinition) {
  uint32_t seed = 1;
  for (const Case& c : kCases) {
    for (int g : c.groups) {
      SCOPED_TRACE(StrCat("dims", c.dims, " group ", g));
      const DDim d(c.dims);
      const auto x = RandomVector(d.production(), -1.f, 1.f, seed++);
      EXPECT_EQ(Shuffle(d, g, x, kHostPlace), Definition(d, g, x));
    }
  }
}

using ShuffleChannelX86 = X86KernelTest;

TEST_F(ShuffleChannelX86, MatchesHostWithAndWithoutAPool) {
  ExpectX86KernelRequiresAvx2Fma("shuffle_channel");
  ThreadPool pool(2);
  KernelContext ctx;
  ctx.pool = &pool;
  EXPECT_EQ(kernels::x86::CopyThreads(ctx, 2 * 4 * 4 * 116 * 56 * 56, 4 * 116), 2);
  uint32_t seed = 100;
  for (const Case& c : kCases) {
    for (int g : c.groups) {
      SCOPED_TRACE(StrCat("dims", c.dims, " group ", g));
      const DDim d(c.dims);
      const auto x = RandomVector(d.production(), -1.f, 1.f, seed++);
      for (int threads : {1, 2}) {
        SCOPED_TRACE(StrCat("threads=", threads));
        ExpectX86MatchesHost(ShuffleCase(d, g, x), Tolerance{}, threads);  // exact: both copy
      }
    }
  }
}

TEST(ShuffleChannelOp, RejectsBadShapesAndGroups) {
  for (const Place& place : {kHostPlace, kX86Place}) {
    if (place.target == TargetType::kX86 && !lite::x86::CpuHasAvx2Fma()) continue;
    ExpectErrorContaining(
        [&] { Shuffle(DDim({1, 6, 4}), 2, std::vector<float>(24), place); },
        "must be 4-D");
    ExpectErrorContaining(
        [&] { Shuffle(DDim({1, 6, 2, 2}), 4, std::vector<float>(24), place); },
        "do not split into group 4");
    ExpectErrorContaining(
        [&] { Shuffle(DDim({1, 6, 2, 2}), 0, std::vector<float>(24), place); },
        "attribute 'group' is 0");
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
