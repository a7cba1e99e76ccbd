// depthwise_conv2d's x86 NCHW16c kernel (depthwise_conv_nchwc_compute.cc,
// math/nchwc_depthwise.h) against the host kernel (the reference) on the AVX2 loops (forced)
// and the AVX-512 ones (where the CPU has them): the register tiles (3x3 / 5x5, stride 1 / 2,
// every padding kind, widths around the tile sizes and border columns), the per-pixel path
// (1x1, 2x2, 7x7, rectangular filters, stride 3, unequal strides, dilation 2), SAME / VALID,
// channels filling their blocks (16, 32, 48) or not (8, 24, 40), odd spatial sizes, batch,
// bias, every fused activation (sigmoid applied after the store), 1-3 threads, two runs on
// one kernel (packed weights reused), shape changes between runs, junk in the input's
// padding lanes, and the error paths.
//
// Tolerance: both kernels sum K = KH * KW products of |x| <= 2 and |w| <= 1 in a different
// order (and with FMA): |x86 - host| <= 4e-6 * K + 1e-5 * |host|. An indexing, border or
// block bug is off by O(1).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lite/backends/x86/math/nchwc/nchwc_depthwise.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/x86/isa_switch_test.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

// The x86 NCHW16c helpers (their core forms take the layout).
using kernels::x86::BlockedData;
using kernels::x86::BlockedNumel;
using kernels::x86::ChannelBlocks;
using kernels::x86::kChannelBlock;
using kernels::x86::MutableBlockedData;
namespace {

namespace math = lite::x86::math;

const std::vector<std::string> kBlockedInput = {"x"};  // MakeConv's Input var

ConvCase Depthwise(int c, int h, int w, int k, int stride, std::vector<int> paddings) {
  ConvCase p;
  p.op = "depthwise_conv2d";
  p.c = p.out_c = p.groups = c;
  p.h = h;
  p.w = w;
  p.kh = p.kw = k;
  p.strides = {stride, stride};
  p.paddings = std::move(paddings);
  return p;
}

Tolerance DwTolerance(const ConvCase& p) { return {4e-6f * p.kh * p.kw, 1e-5f}; }

// Whether the padded input is at least one window: else the op has no output.
bool HasOutput(const ConvCase& p) {
  const std::vector<int>& pad = p.paddings;
  const bool four = pad.size() == 4;
  const int window_h = p.dilations[0] * (p.kh - 1) + 1;
  const int window_w = p.dilations[1] * (p.kw - 1) + 1;
  return p.h + pad[0] + pad[four ? 1 : 0] >= window_h &&
         p.w + pad[four ? 2 : 1] + pad[four ? 3 : 1] >= window_w;
}

class DepthwiseNchwcX86
    : public IsaSwitchTest<math::NchwcDepthwiseAllowAvx512, math::NchwcDepthwiseUsesAvx512> {
 protected:
  // Two runs of one x86 kernel against one host run.
  void Compare(const ConvCase& p, uint32_t seed, int threads = 1) {
    SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads) +
                 " avx512=" + std::to_string(math::NchwcDepthwiseUsesAvx512()));
    ExpectBlockedMatchesHost(MakeConv(p, MakeConvInputs(p, seed)), kBlockedInput,
                             DwTolerance(p), threads, "def");
  }
};

TEST_P(DepthwiseNchwcX86, IsRegisteredBlockedWithTheCpuRequirement) {
  const KernelInfo* info = nullptr;
  for (const KernelInfo* k : KernelRegistry::Global().Kernels("depthwise_conv2d")) {
    if (k->place == kX86BlockedPlace && k->alias == "def") info = k;
  }
  ASSERT_NE(info, nullptr);
  EXPECT_EQ(info->cpu_feature, "avx2+fma");
}

TEST_P(DepthwiseNchwcX86, TiledFiltersStridesPaddings) {
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {2, 2}, {0, 1, 2, 0},
                                                  {2, 0, 1, 3}};
  // 1 and 7 columns: only border and tail tiles; 13x17 and 9x26: full tiles of 4 / 8 pixels
  // between border columns, odd row counts (a single last row after the 2-row tiles).
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {1, 9}, {7, 7}, {13, 17}, {9, 26}};
  const int channels[] = {16, 8, 32, 24, 48, 40};
  uint32_t seed = 1;
  int cases = 0;
  for (int k : {3, 5}) {
    for (int stride : {1, 2}) {
      for (const auto& pad : paddings) {
        for (const auto& hw : sizes) {
          ConvCase p = Depthwise(channels[seed % 6], hw.first, hw.second, k, stride, pad);
          p.n = seed % 3 == 0 ? 2 : 1;
          p.bias = seed % 2 == 0;
          ++seed;
          if (!HasOutput(p)) continue;
          Compare(p, seed);
          ++cases;
        }
      }
    }
  }
  EXPECT_GT(cases, 60);  // the skips above left most combinations in
}

TEST_P(DepthwiseNchwcX86, EveryChannelCountOnTheTiles) {
  uint32_t seed = 200;
  for (int c : {16, 32, 48, 8, 24, 40}) {
    for (int stride : {1, 2}) Compare(Depthwise(c, 11, 19, 3, stride, {1, 1}), seed++);
  }
}

TEST_P(DepthwiseNchwcX86, PerPixelFilters) {
  uint32_t seed = 300;
  auto run = [&](ConvCase p) {
    p.n = 2;
    p.bias = seed % 2 == 1;
    ASSERT_TRUE(HasOutput(p)) << Describe(p);
    Compare(p, seed++);
  };
  for (int c : {16, 24}) {
    run(Depthwise(c, 9, 13, 1, 1, {0, 0}));  // 1x1: a per-channel scale
    run(Depthwise(c, 9, 13, 1, 2, {1, 1}));
    run(Depthwise(c, 9, 13, 2, 1, {0, 0}));
    run(Depthwise(c, 9, 13, 2, 2, {1, 0, 0, 1}));
    run(Depthwise(c, 13, 17, 7, 1, {3, 3}));
    run(Depthwise(c, 13, 17, 7, 2, {3, 3}));
    run(Depthwise(c, 13, 17, 3, 3, {1, 1}));  // stride 3
    run(Depthwise(c, 13, 17, 5, 3, {2, 2}));
    ConvCase rect = Depthwise(c, 10, 12, 3, 1, {1, 2});  // rectangular filter
    rect.kw = 5;
    run(rect);
    ConvCase uneven = Depthwise(c, 10, 12, 3, 1, {1, 1});  // unequal strides
    uneven.strides = {1, 2};
    run(uneven);
    for (int stride : {1, 2}) {
      ConvCase dilated = Depthwise(c, 13, 17, 3, stride, {2, 2});  // dilation 2
      dilated.dilations = {2, 2};
      run(dilated);
      dilated.paddings = {0, 1, 2, 0};
      run(dilated);
    }
  }
}

TEST_P(DepthwiseNchwcX86, PaddingAlgorithms) {
  uint32_t seed = 400;
  for (const std::string alg : {"SAME", "VALID"}) {
    for (int stride : {1, 2}) {
      for (int k : {2, 3, 5}) {
        ConvCase p = Depthwise(24, 10, 9, k, stride, {3, 3});  // paddings ignored
        p.padding_algorithm = alg;
        p.bias = true;
        Compare(p, seed++);
      }
    }
  }
}

TEST_P(DepthwiseNchwcX86, LargePlaneAndThreads) {
  ConvCase p = Depthwise(32, 112, 112, 3, 1, {1, 1});
  p.bias = true;
  p.act = "relu6";
  Compare(p, 500, 1);
  p.strides = {2, 2};
  Compare(p, 501, 2);
  uint32_t seed = 510;
  for (int threads : {1, 2, 3}) {
    // Rows split inside one plane (1 block), across blocks and images (batch 2, 3 blocks).
    ConvCase one = Depthwise(16, 29, 31, 3, 1, {1, 1});
    Compare(one, seed++, threads);
    ConvCase many = Depthwise(40, 17, 21, 5, 2, {2, 2});
    many.n = 2;
    many.bias = true;
    Compare(many, seed++, threads);
    ConvCase pixels = Depthwise(24, 15, 15, 7, 1, {3, 3});
    pixels.n = 2;
    pixels.act = "sigmoid";
    Compare(pixels, seed++, threads);
  }
}

TEST_P(DepthwiseNchwcX86, EachFusedActivation) {
  uint32_t seed = 600;
  for (const std::string act :
       {"relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid", "sigmoid"}) {
    for (bool bias : {false, true}) {
      for (int k : {3, 5, 7}) {  // tiles and the per-pixel path
        ConvCase p = Depthwise(24, 11, 13, k, 1 + static_cast<int>(seed % 2), {k / 2, k / 2});
        p.n = 2;
        p.bias = bias;
        p.act = act;
        const int threads = 1 + static_cast<int>(seed % 2);
        Compare(p, seed++, threads);
      }
    }
  }
  ConvCase p = Depthwise(16, 9, 10, 3, 1, {1, 1});  // relu6 with another threshold
  p.bias = true;
  p.act = "relu6";
  p.act_threshold = 1.5f;
  Compare(p, 700);
}

TEST_P(DepthwiseNchwcX86, InputShapeChangesBetweenRuns) {
  for (int k : {3, 7}) {
    ConvCase p = Depthwise(24, 6, 6, k, 1, {k / 2, k / 2});
    p.bias = true;
    p.act = "hard_swish";
    const ConvInputs first = MakeConvInputs(p, 800 + k);
    KernelRun host(MakeConv(p, first), kHostPlace, 1);
    KernelRun x86(MakeConv(p, first), kX86BlockedPlace, 2, "def", kBlockedInput);
    for (auto hw : std::vector<std::pair<int, int>>{{6, 6}, {15, 4}, {1, 1}, {40, 33}, {6, 6}}) {
      ConvCase q = p;
      q.h = hw.first;
      q.w = hw.second;
      SCOPED_TRACE(Describe(q));
      const ConvInputs in = MakeConvInputs(q, 810 + hw.first);
      for (KernelRun* run : {&host, &x86}) {
        run->Fill("x", DDim({q.n, q.c, q.h, q.w}), in.x);
        run->Run();
      }
      ExpectSameOutputs(&host, &x86, {"out"}, DwTolerance(p));
    }
  }
}

// Padding lanes may hold any finite value (blocked_layout.h): they must not leak into the
// real channels, and the padding lanes written stay finite.
TEST_P(DepthwiseNchwcX86, PaddingLanesOfTheInputAreIgnored) {
  for (int k : {3, 4}) {
    ConvCase p = Depthwise(20, 9, 11, k, 1, {1, 1});
    p.bias = true;
    const ConvInputs in = MakeConvInputs(p, 900 + k);
    KernelRun host(MakeConv(p, in), kHostPlace, 1);
    KernelRun x86(MakeConv(p, in), kX86BlockedPlace, 1, "def", kBlockedInput);
    x86.Prepare();
    Tensor* x = x86.scope()->Var("x")->GetMutable<Tensor>();
    float* data = x->mutable_data_ptr<float>();
    const int64_t blocks = ChannelBlocks(p.c), plane = p.h * p.w;
    for (int64_t i = 0; i < p.n * blocks * plane; ++i) {
      if ((i / plane) % blocks != blocks - 1) continue;  // only the last block is padded
      for (int lane = p.c % kChannelBlock; lane < kChannelBlock; ++lane) {
        data[i * kChannelBlock + lane] = 1e3f + static_cast<float>(lane);
      }
    }
    host.Run();
    x86.Run();
    ExpectSameOutputs(&host, &x86, {"out"}, DwTolerance(p));
    const Tensor& out = x86.Var("out");
    const float* blocked = out.data<float>();
    for (int64_t i = 0; i < BlockedNumel(out.dims()); ++i) {
      ASSERT_TRUE(std::isfinite(blocked[i])) << "blocked output float " << i;
    }
  }
}

TEST_P(DepthwiseNchwcX86, NchwInputThrowsNamingTheLayout) {
  ConvCase p = Depthwise(16, 6, 6, 3, 1, {1, 1});
  KernelRun x86(MakeConv(p, MakeConvInputs(p, 1000)), kX86BlockedPlace, 1, "def", {});
  ExpectErrorContaining([&] { x86.Run(); }, "is not in NCHW16c layout");
}

TEST_P(DepthwiseNchwcX86, ChannelMultiplierThrowsNamingTheShape) {
  ConvCase p = Depthwise(16, 6, 6, 3, 1, {1, 1});
  p.out_c = 32;  // two filters per channel
  KernelRun x86(MakeConv(p, MakeConvInputs(p, 1100)), kX86BlockedPlace, 1, "def",
                kBlockedInput);
  ExpectErrorContaining([&] { x86.Run(); }, "one filter per channel (channel multiplier 1)");
  ExpectErrorContaining([&] { x86.Run(); }, "Filter [32, 1, 3, 3]");
}

INSTANTIATE_TEST_SUITE_P(Isa, DepthwiseNchwcX86, ::testing::Bool(), IsaParamName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
