// conv2d's NCHW16c kernels (conv_nchwc_compute.cc, math/nchwc_conv.h) against the host
// kernel (the reference), on the AVX2 tiles (forced) and the AVX-512 ones (where the CPU has
// them): "def" (blocked input) for pointwise and general filters, "nchw_in" (NCHW input) for
// first convolutions; channels on and off the 16-channel blocks (padded last blocks) and the
// 4-block tile groups, pixel counts off every tile width, kernel sizes, strides, dilations,
// every padding kind, batch, bias, every fused activation, 1-3 threads, shape changes, errors.
//
// Tolerance: K = in_c * kh * kw products of |x| <= 2 and |w| <= 1 summed in another order:
// |x86 - host| <= 4e-6 * K + 1e-5 * |host|; Winograd's transforms (entries up to 8, and 1/24
// in the filter's) stay within it on these sizes. An indexing or epilogue bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/backends/x86/math/nchwc/nchwc_conv.h"
#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/x86/isa_switch_test.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace math = lite::x86::math;

class ConvNchwcX86
    : public IsaSwitchTest<math::NchwcConvAllowAvx512, math::NchwcConvUsesAvx512> {
 protected:
  // Blocked input ("def") when the case has 16 or more channels unless forced NCHW.
  void Compare(const ConvCase& p, uint32_t seed, int threads = 1, bool nchw_in = false) {
    SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads) +
                 (nchw_in ? " nchw_in" : " def") +
                 " avx512=" + std::to_string(math::NchwcConvUsesAvx512()));
    const OpCase op = MakeConv(p, MakeConvInputs(p, seed));
    if (nchw_in) {
      ExpectBlockedMatchesHost(op, {}, ConvTolerance(p), threads, "nchw_in");
    } else {
      ExpectBlockedMatchesHost(op, {"x"}, ConvTolerance(p), threads, "def");
    }
  }
};

TEST_P(ConvNchwcX86, PointwiseChannelsAndPixels) {
  uint32_t seed = 1;
  // out_c: 1 block, the 4-block group, 3-block and 1-block groups after it, padded blocks.
  for (int out_c : {16, 64, 112, 80, 24, 40, 8}) {
    for (int c : {16, 32, 48, 8, 24, 3}) {
      for (int hw : {1, 5, 7, 14}) {
        Compare(SquareConv(c, out_c, hw, hw + 3 * (seed % 2), 1, 1, {0, 0}), seed);
        ++seed;
      }
    }
  }
}

TEST_P(ConvNchwcX86, PointwiseNetworkShapes) {
  uint32_t seed = 100;
  Compare(SquareConv(512, 512, 14, 14, 1, 1, {0, 0}), seed++);
  Compare(SquareConv(32, 64, 56, 56, 1, 1, {0, 0}), seed++);
  Compare(SquareConv(1024, 1024, 7, 7, 1, 1, {0, 0}), seed++);
  Compare(SquareConv(64, 16, 56, 56, 1, 1, {0, 0}), seed++, 2);
  // More output channels than pixels: threads take filter groups.
  Compare(SquareConv(256, 1024, 7, 7, 1, 1, {0, 0}), seed++, 2);
  Compare(SquareConv(32, 144, 5, 5, 3, 1, {1, 1}), seed++, 3);
  Compare(SquareConv(48, 80, 3, 3, 1, 2, {0, 0}), seed++, 2);
}

TEST_P(ConvNchwcX86, GeneralFiltersStridesPaddings) {
  uint32_t seed = 200;
  for (int k : {3, 1, 2, 5}) {
    for (int stride : {1, 2, 3}) {
      for (const std::vector<int>& pad :
           {std::vector<int>{0, 0}, {1, 1}, {2, 2}, {0, 1, 2, 0}, {3, 1, 0, 2}}) {
        Compare(SquareConv(16 + 8 * (seed % 3), 32 + 16 * (seed % 2), 9 + seed % 5,
                           8 + seed % 7, k, stride, pad),
                seed);
        ++seed;
      }
    }
  }
}

// 3x3 stride 1 on planes of 16 or more 4x4 tiles: Winograd F(4x4) (nchwc_winograd.h), with
// tiles cut by the plane's edge, every padding, channels off the blocks and the groups,
// several tile blocks (112 x 112 at 16 channels) and threads; and the switch to the direct
// path and back when the plane shrinks below 16 tiles.
TEST_P(ConvNchwcX86, Winograd3x3) {
  uint32_t seed = 220;
  for (const std::vector<int>& pad :
       {std::vector<int>{1, 1}, {0, 0}, {2, 2}, {0, 1, 2, 0}, {2, 0, 0, 1}}) {
    for (int hw : {16, 17, 23}) {
      Compare(SquareConv(16 * (1 + seed % 3), 16 + 8 * (seed % 5), hw, hw + 2, 3, 1, pad), seed);
      ++seed;
    }
  }
  Compare(SquareConv(16, 64, 112, 112, 3, 1, {1, 1}), seed++, 2);
  Compare(SquareConv(64, 80, 28, 28, 3, 1, {1, 1}), seed++, 3);
  for (const std::string act : {"relu6", "hard_swish", "sigmoid"}) {
    ConvCase p = SquareConv(32, 48, 20, 18, 3, 1, {1, 1});
    p.act = act;
    p.bias = true;
    p.n = 2;
    Compare(p, seed++, 2);
  }
  ConvCase same = SquareConv(32, 32, 19, 21, 3, 1, {0, 0});
  same.padding_algorithm = "SAME";
  Compare(same, seed++);
}

TEST_P(ConvNchwcX86, WinogradAndDirectAsThePlaneChanges) {
  const ConvCase p = SquareConv(32, 48, 16, 16, 3, 1, {1, 1});
  const ConvInputs first = MakeConvInputs(p, 230);
  KernelRun x86(MakeConv(p, first), kX86BlockedPlace, 1, "def", {"x"});
  for (int hw : {16, 6, 20, 9}) {  // Winograd, direct (4 tiles), Winograd, direct
    SCOPED_TRACE("input " + std::to_string(hw) + "x" + std::to_string(hw));
    ConvCase q = p;
    q.h = q.w = hw;
    ConvInputs in = MakeConvInputs(q, 230 + hw);
    in.w = first.w;
    KernelRun host(MakeConv(q, in), kHostPlace);
    x86.Fill("x", DDim({1, 32, hw, hw}), in.x);
    host.Run();
    x86.Run();
    ExpectSameOutputs(&host, &x86, {"out"}, ConvTolerance(q));
  }
}

// More input channels than one filter slice holds (3x3: 48 channels per slice for a tile of
// 4 blocks, 224 for one block): partial sums are stored and added to.
TEST_P(ConvNchwcX86, InputChannelSlices) {
  uint32_t seed = 250;
  Compare(SquareConv(240, 64, 9, 10, 3, 1, {1, 1}), seed++);
  Compare(SquareConv(232, 80, 7, 6, 3, 2, {1, 1}), seed++, 2);
  ConvCase p = SquareConv(912, 16, 5, 5, 3, 1, {1, 1});
  p.act = "relu6";
  p.bias = true;
  Compare(p, seed++);
}

TEST_P(ConvNchwcX86, DilationRectangularSameValid) {
  uint32_t seed = 300;
  ConvCase p = SquareConv(32, 48, 13, 11, 3, 1, {2, 2});
  p.dilations = {2, 2};
  Compare(p, seed++);
  p.dilations = {1, 3};
  p.paddings = {1, 0, 3, 1};
  Compare(p, seed++);
  p = SquareConv(16, 32, 10, 12, 3, 1, {0, 0});
  p.kh = 3;
  p.kw = 1;
  p.strides = {2, 1};
  Compare(p, seed++);
  for (const std::string alg : {"SAME", "VALID"}) {
    for (int stride : {1, 2}) {
      ConvCase q = SquareConv(16, 16, 11, 9, 3, stride, {1, 1});
      q.padding_algorithm = alg;
      Compare(q, seed++);
    }
  }
  // A filter wider than the input: every pixel is an edge pixel.
  Compare(SquareConv(16, 16, 4, 3, 5, 1, {2, 2}), seed++);
  Compare(SquareConv(16, 16, 1, 1, 3, 1, {1, 1}), seed++);
}

TEST_P(ConvNchwcX86, FirstConvolutionsFromNchw) {
  uint32_t seed = 400;
  Compare(SquareConv(3, 32, 224, 224, 3, 2, {1, 1}), seed++, 1, true);  // MobileNet stems
  Compare(SquareConv(3, 64, 227, 227, 3, 2, {0, 0}), seed++, 2, true);  // SqueezeNet
  Compare(SquareConv(3, 64, 64, 64, 7, 2, {3, 3}), seed++, 1, true);  // ResNet
  for (int c : {1, 2, 4}) {
    for (int out_c : {16, 24, 48, 80}) {
      Compare(SquareConv(c, out_c, 11 + c, 13, 3, 1 + seed % 2, {1, 1}), seed, 1, true);
      ++seed;
    }
  }
  Compare(SquareConv(20, 32, 9, 9, 3, 1, {1, 1}), seed++, 1, true);  // more channels read as NCHW
}

TEST_P(ConvNchwcX86, BiasActivationsBatchThreads) {
  uint32_t seed = 500;
  for (const std::string act :
       {"", "relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid", "sigmoid"}) {
    for (bool bias : {false, true}) {
      ConvCase p = SquareConv(32, 40, 8, 9, 1 + 2 * (seed % 2), 1, {1, 1});
      p.act = act;
      p.bias = bias;
      p.act_threshold = 1.5f;
      p.n = 2;
      Compare(p, seed, 1 + seed % 3);
      ++seed;
      ConvCase q = SquareConv(3, 32, 17, 15, 3, 2, {1, 1});
      q.act = act;
      q.bias = bias;
      Compare(q, seed, 1 + seed % 3, true);
      ++seed;
    }
  }
}

TEST_P(ConvNchwcX86, ShapeChangesBetweenRuns) {
  const ConvCase p = SquareConv(16, 32, 12, 12, 3, 1, {1, 1});
  const ConvInputs first = MakeConvInputs(p, 600);
  KernelRun x86(MakeConv(p, first), kX86BlockedPlace, 2, "def", {"x"});
  for (int hw : {12, 5, 20}) {
    SCOPED_TRACE("input " + std::to_string(hw) + "x" + std::to_string(hw));
    ConvCase q = p;
    q.h = q.w = hw;
    ConvInputs in = MakeConvInputs(q, 600 + hw);
    in.w = first.w;  // the kernel keeps the filter it packed
    KernelRun host(MakeConv(q, in), kHostPlace);
    x86.Fill("x", DDim({1, 16, hw, hw}), in.x);
    host.Run();
    x86.Run();
    ExpectSameOutputs(&host, &x86, {"out"}, ConvTolerance(q));
  }
}

TEST_P(ConvNchwcX86, Errors) {
  ConvCase p = SquareConv(16, 16, 6, 6, 3, 1, {1, 1});
  const OpCase op = MakeConv(p, MakeConvInputs(p, 700));
  // NCHW data where the kernel wants NCHW16c.
  KernelRun nchw(op, kX86BlockedPlace, 1, "def");
  ExpectErrorContaining([&] { nchw.Run(); }, "is not in NCHW16c layout");
  // Input channels that differ from the filter's (the op's shape check names them).
  KernelRun wrong(op, kX86BlockedPlace, 1, "def", {"x"});
  wrong.Run();
  wrong.Fill("x", DDim({1, 32, 6, 6}), RandomVector(32 * 36, -1.f, 1.f, 701));
  ExpectErrorContaining([&] { wrong.Run(); }, "Input has 32 channels");
  // Groups are not taken.
  ConvCase g = SquareConv(32, 32, 6, 6, 3, 1, {1, 1});
  g.groups = 2;
  KernelRun grouped(MakeConv(g, MakeConvInputs(g, 702)), kX86BlockedPlace, 1, "def", {"x"});
  ExpectErrorContaining([&] { grouped.Run(); }, "takes one group, got groups=2");
}

INSTANTIATE_TEST_SUITE_P(Isa, ConvNchwcX86, ::testing::Bool(), IsaParamName);

TEST(NchwcConvMath, RejectsBadShapes) {
  math::NchwcConvShape s;
  s.in_c = s.in_h = s.in_w = s.out_c = s.out_h = s.out_w = 4;
  EXPECT_TRUE(math::NchwcConvSupports(s));
  s.stride_h = 0;
  EXPECT_FALSE(math::NchwcConvSupports(s));
  s.stride_h = 1;
  s.kernel_h = s.kernel_w = 17;  // 289 taps
  EXPECT_FALSE(math::NchwcConvSupports(s));
  s.kernel_h = s.kernel_w = 1;
  s.pad_left = -1;
  EXPECT_FALSE(math::NchwcConvSupports(s));
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
