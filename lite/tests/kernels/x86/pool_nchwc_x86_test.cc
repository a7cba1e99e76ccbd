// pool2d x86 NCHW16c kernel (blocked in, blocked out) against the host kernel (the
// reference), once with AVX2 forced and once with AVX-512 (skipped without it): every
// attribute of the x86 pool test's case list, channel counts that fill their blocks (16, 32,
// 48) and that leave padding lanes (1, 8, 24, 40), batch 2, 1-3 threads with blocks and
// bands of output rows split over them, the fixed-size loops at widths and heights around
// their edges, SqueezeNet's, ResNet18's and MobileNetV1's pools, 1x1 inputs, windows larger
// than the input, a shape change between runs, NaN / -inf inputs, and an NCHW input.
//
// Tolerance: max is exact (the same elements compared, starting from lowest as the host does,
// so NaN and -inf inputs give the host's results too). avg adds the same at most k*k (or a
// plane of) values of |x| <= 2 in another order (column sums first; planes in 8 chains) and
// multiplies by 1 / divisor where the host divides (one more rounding):
// |x86 - host| <= 1e-5 + 1e-5 * |host|. A wrong window or divisor is off by O(0.1) or more.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc/nchwc_pool.h"
#include "lite/tests/kernels/pool_op_case.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

enum class Isa { kAvx2, kAvx512 };

Tolerance ToleranceFor(const PoolCase& p) {
  return p.type == "max" ? Tolerance{0.f, 0.f} : Tolerance{1e-5f, 1e-5f};
}

void CompareWithHost(const PoolCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectBlockedMatchesHost(MakePool(p, seed), {"x"}, ToleranceFor(p), threads, "def");
}

class PoolNchwcX86 : public ::testing::TestWithParam<Isa> {
 protected:
  void SetUp() override {
    if (!lite::x86::CpuHasAvx2Fma()) GTEST_SKIP() << "CPU lacks AVX2+FMA";
    if (GetParam() == Isa::kAvx512 && !lite::x86::CpuHasAvx512f()) {
      GTEST_SKIP() << "CPU lacks AVX-512F";
    }
    lite::x86::math::NchwcPoolAllowAvx512(GetParam() == Isa::kAvx512);
  }
  void TearDown() override { lite::x86::math::NchwcPoolAllowAvx512(true); }
};

TEST_P(PoolNchwcX86, IsRegisteredBlockedWithTheCpuRequirement) {
  const KernelInfo* found = nullptr;
  for (const KernelInfo* info : KernelRegistry::Global().Kernels("pool2d")) {
    if (info->place == kX86BlockedPlace && info->alias == "def") found = info;
  }
  ASSERT_NE(found, nullptr) << "no pool2d kernel at x86/float/NCHW16c with alias def";
  EXPECT_EQ(found->cpu_feature, "avx2+fma");
}

TEST_P(PoolNchwcX86, EveryAttribute) {
  const int channels[] = {1, 8, 16, 24, 32, 40, 48};
  uint32_t seed = 1;
  for (PoolCase p : EveryAttributeCases()) {
    p.c = channels[seed % 7];
    CompareWithHost(p, seed++);
  }
}

TEST_P(PoolNchwcX86, FixedLoopsAtTheirEdges) {
  uint32_t seed = 1000;
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {0, 1, 1, 0}, {1, 0, 0, 1}};
  for (const std::string type : {"max", "avg"}) {
    for (int k : {2, 3}) {
      for (int s : {1, 2}) {
        for (const auto& pad : paddings) {
          for (int size : {3, 4, 5, 6, 7, 8, 9, 10, 11}) {
            PoolCase p;
            p.c = 24;
            p.h = size;  // odd and even row counts: pairs of rows and a single last one
            p.w = 14 - size;
            p.type = type;
            p.ksize = {k, k};
            p.strides = {s, s};
            p.paddings = pad;
            p.exclusive = seed % 2 == 0;
            p.ceil_mode = seed % 3 == 0;
            CompareWithHost(p, seed++);
          }
        }
      }
    }
  }
}

TEST_P(PoolNchwcX86, ChannelsBatchAndThreads) {
  uint32_t seed = 2000;
  for (int c : {1, 8, 16, 24, 32, 40, 48}) {
    for (const std::string type : {"max", "avg"}) {
      PoolCase p;
      p.n = 2;
      p.c = c;
      p.h = p.w = 80;  // enough to read for 3 tasks: bands when there are few blocks
      p.type = type;
      p.ksize = {3, 3};
      p.strides = {2, 2};
      p.paddings = {1, 1};
      p.exclusive = c % 2 == 0;
      for (int threads : {1, 2, 3}) CompareWithHost(p, seed, threads);
      ++seed;
    }
  }
  PoolCase p;  // one block: bands of output rows only
  p.c = 16;
  p.h = p.w = 112;
  p.ksize = {2, 2};
  p.strides = {2, 2};
  for (int threads : {1, 2, 3}) CompareWithHost(p, seed, threads);
}

TEST_P(PoolNchwcX86, NetworkShapes) {
  PoolCase p;  // squeezenet1_1 (227x227) max pools
  p.ksize = {3, 3};
  p.strides = {2, 2};
  p.ceil_mode = true;
  for (auto chw : std::vector<std::vector<int>>{{64, 113, 113}, {128, 56, 56}, {256, 28, 28}}) {
    p.c = chw[0];
    p.h = chw[1];
    p.w = chw[2];
    for (int threads : {1, 2}) CompareWithHost(p, 3000 + p.c, threads);
  }
  p.c = 64;  // resnet18's stem pool
  p.h = p.w = 112;
  p.paddings = {1, 1};
  p.ceil_mode = false;
  for (int threads : {1, 2}) CompareWithHost(p, 3001, threads);
  PoolCase g;  // global avg pools: squeezenet1_1, resnet18, mobilenet_v1
  g.type = "avg";
  g.global = true;
  for (auto chw : std::vector<std::vector<int>>{{1000, 14, 14}, {512, 7, 7}, {1024, 7, 7}}) {
    g.c = chw[0];
    g.h = chw[1];
    g.w = chw[2];
    for (int threads : {1, 2}) CompareWithHost(g, 3100 + g.c, threads);
  }
}

TEST_P(PoolNchwcX86, GlobalAndAdaptive) {
  uint32_t seed = 4000;
  for (const PoolCase& p : GlobalAndAdaptiveCases(40)) CompareWithHost(p, seed++);
}

TEST_P(PoolNchwcX86, PaddingAlgorithmsAndEmptyWindows) {
  uint32_t seed = 5000;
  for (const PoolCase& p : PaddingAlgorithmCases(17)) CompareWithHost(p, seed++);
}

TEST_P(PoolNchwcX86, TinyInputsAndWindowsLargerThanTheInput) {
  uint32_t seed = 6000;
  for (const std::string type : {"max", "avg"}) {
    for (bool exclusive : {true, false}) {
      PoolCase p;  // 1x1 input, 3x3 window on the padding
      p.n = 2;
      p.c = 24;
      p.type = type;
      p.exclusive = exclusive;
      p.ksize = {3, 3};
      p.paddings = {1, 1};
      CompareWithHost(p, seed++);
      p.strides = {2, 2};
      p.ceil_mode = true;
      CompareWithHost(p, seed++);
      p.h = 3;  // 5x5 windows on a 3x4 input: the window covers the plane
      p.w = 4;
      p.ksize = {5, 5};
      p.strides = {1, 1};
      p.paddings = {1, 1};
      p.ceil_mode = false;
      CompareWithHost(p, seed++);
      p.paddings = {2, 2};  // and some windows pass it
      p.strides = {2, 3};
      p.ceil_mode = true;
      CompareWithHost(p, seed++);
    }
  }
}

TEST_P(PoolNchwcX86, ShapeChangeBetweenRuns) {
  for (const std::string type : {"max", "avg"}) {
    PoolCase a;
    a.n = 2;
    a.c = 24;
    a.h = a.w = 13;
    a.type = type;
    a.ksize = {3, 3};
    a.strides = {2, 2};
    a.padding_algorithm = "SAME";  // the paddings, so the windows, follow the input size
    PoolCase b = a;
    b.n = 1;
    b.h = 20;
    b.w = 10;
    const std::vector<PoolCase> shapes = {a, b, a};
    KernelRun x86(MakePool(a, 7000), kX86BlockedPlace, 2, "def", {"x"});
    uint32_t seed = 7000;
    for (const PoolCase& shape : shapes) {
      SCOPED_TRACE(Describe(shape));
      const OpCase run = MakePool(shape, seed++);
      KernelRun host(run, kHostPlace, 1);
      host.Run();
      x86.Fill("x", run.inputs()[0].dims, run.inputs()[0].values);
      x86.Run();
      ExpectSameOutputs(&host, &x86, {"out"}, ToleranceFor(shape));
    }
  }
}

TEST_P(PoolNchwcX86, MaxOfNanAndInfinityAsTheHost) {
  PoolCase p;
  p.c = 16;
  p.h = 9;
  p.w = 12;
  p.ksize = {3, 3};
  p.paddings = {1, 1};
  std::vector<float> x = RandomVector(static_cast<size_t>(p.c) * p.h * p.w, -2.f, 2.f, 8000);
  for (size_t i = 0; i < x.size(); i += 3) x[i] = std::nanf("");
  for (size_t i = 1; i < x.size(); i += 3) x[i] = -std::numeric_limits<float>::infinity();
  for (size_t i = 2; i < x.size(); i += 9) x[i] = std::nanf("");  // windows of NaN and -inf
  for (int s : {1, 2}) {
    p.strides = {s, s};
    SCOPED_TRACE(Describe(p));
    ExpectBlockedMatchesHost(MakePool(p, x), {"x"}, Tolerance{}, 1, "def");
  }
}

TEST_P(PoolNchwcX86, NchwInputIsAnError) {
  PoolCase p;
  p.c = 16;
  p.h = p.w = 8;
  KernelRun x86(MakePool(p, 9000), kX86BlockedPlace, 1, "def", /*blocked=*/{});
  ExpectErrorContaining([&] { x86.Run(); }, "is not in NCHW16c layout");
}

INSTANTIATE_TEST_SUITE_P(Isa, PoolNchwcX86, ::testing::Values(Isa::kAvx2, Isa::kAvx512),
                         [](const ::testing::TestParamInfo<Isa>& info) {
                           return info.param == Isa::kAvx2 ? "Avx2" : "Avx512";
                         });

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
