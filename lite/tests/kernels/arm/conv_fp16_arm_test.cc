// conv2d / depthwise_conv2d ARM fp16 kernel against the host fp32 kernel (arm_fp16_vs_host.h:
// within 2e-2 of the output's range). Random shapes with odd sizes (GEMM row panels of 8 and
// column panels of 16 cut short), rows wider than a panel at strides 1 to 3, every padding
// form, stride 2, dilation, groups, 1x1 direct, bias and each fused activation; the direct
// depthwise path (3x3 and 5x5, stride 1, 2 and (2, 1), paddings 0..2, asymmetric), depthwise
// shapes it leaves to the GEMM (7x7, channel multiplier 2, dilation), several column blocks
// over 2 threads and a new input shape between runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"
#include "lite/tests/kernels/conv_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

OpCase MakeConv(const ConvCase& p, uint32_t seed) {
  const ConvInputs in = MakeConvInputs(p, seed);
  OpCase c(p.op);
  c.Input("Input", "x", DDim({p.n, p.c, p.h, p.w}), in.x);
  c.Input("Filter", "w", DDim({p.out_c, p.c / p.groups, p.kh, p.kw}), in.w);
  if (p.bias) c.Input("Bias", "b", DDim({p.out_c}), in.bias);
  c.Output("Output", "out");
  c.Attr<std::vector<int32_t>>("strides", p.strides);
  c.Attr<std::vector<int32_t>>("paddings", p.paddings);
  c.Attr<std::vector<int32_t>>("dilations", p.dilations);
  c.Attr<int32_t>("groups", p.groups);
  if (!p.padding_algorithm.empty()) c.Attr<std::string>("padding_algorithm", p.padding_algorithm);
  if (!p.act.empty()) {  // as the conv + activation fusion writes it
    c.Attr<std::string>("act_type", p.act);
    if (p.act == "leaky_relu") c.Attr<float>("act_alpha", 0.1f);
    if (p.act == "relu6") c.Attr<float>("act_threshold", p.act_threshold);
    if (p.act == "swish") c.Attr<float>("act_beta", 0.7f);
  }
  return c;
}

void Check(const ConvCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p));
  ExpectFp16KernelMatchesHost(MakeConv(p, seed), {"x"}, kFp16Rtol, threads);
}

ConvCase Conv(int c, int out_c, int h, int w, int k, int stride, std::vector<int> paddings) {
  ConvCase p;
  p.c = c;
  p.out_c = out_c;
  p.h = h;
  p.w = w;
  p.kh = p.kw = k;
  p.strides = {stride, stride};
  p.paddings = std::move(paddings);
  return p;
}

TEST(ConvFp16Arm, IsRegisteredForBothOpTypes) {
  EXPECT_NE(FindKernel("conv2d", kArmFp16Place), nullptr);
  EXPECT_NE(FindKernel("depthwise_conv2d", kArmFp16Place), nullptr);
}

TEST(ConvFp16Arm, GemmPathShapesAndPaddings) {
  uint32_t seed = 1;
  for (int k : {1, 3, 5}) {
    for (int stride : {1, 2}) {
      for (const std::vector<int>& pad : {std::vector<int>{0, 0}, {1, 1}, {2, 0, 1, 2}}) {
        ConvCase p = Conv(3 + seed % 5, 5 + seed % 13, 7 + seed % 6, 9 + seed % 7, k, stride, pad);
        p.n = 1 + seed % 2;
        p.bias = seed % 2 == 0;
        Check(p, seed++);
      }
    }
  }
}

// Rows wider than the 16-column panels (so panels straddle output rows) at strides 1, 2
// (the deinterleaving copy) and 3, with paddings cutting taps off at both edges.
TEST(ConvFp16Arm, WideRowsEveryStride) {
  uint32_t seed = 50;
  for (int stride : {1, 2, 3}) {
    for (int w : {15, 30, 61}) {
      for (int k : {3, 5}) {
        ConvCase p = Conv(3, 6, 5, w * stride + 1, k, stride, {k / 2, k / 2});
        Check(p, seed++);
      }
    }
  }
  ConvCase dilated = Conv(2, 5, 6, 50, 3, 2, {2, 2});
  dilated.dilations = {2, 2};
  Check(dilated, seed++);
}

TEST(ConvFp16Arm, PointwiseDirectAndPaddingAlgorithms) {
  uint32_t seed = 100;
  for (int out_c : {1, 8, 17, 33}) Check(Conv(24, out_c, 5, 7, 1, 1, {0, 0}), seed++);
  ConvCase p = Conv(6, 10, 11, 13, 3, 2, {0, 0});
  for (const std::string alg : {"SAME", "VALID"}) {
    p.padding_algorithm = alg;
    Check(p, seed++);
  }
  p = Conv(5, 7, 12, 10, 3, 1, {2, 2});
  p.dilations = {2, 2};
  Check(p, seed++);
  p.dilations = {1, 3};
  Check(p, seed++);
}

TEST(ConvFp16Arm, GroupsAndFusedActivations) {
  uint32_t seed = 200;
  ConvCase p = Conv(12, 18, 9, 11, 3, 1, {1, 1});
  p.bias = true;
  for (int groups : {2, 3, 6}) {
    p.groups = groups;
    Check(p, seed++);
  }
  p.groups = 1;
  for (const std::string act :
       {"relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid", "sigmoid", "swish", "tanh"}) {
    p.act = act;
    Check(p, seed++);
  }
  p.act = "relu6";
  p.act_threshold = 1.5f;
  Check(p, seed++);
}

TEST(ConvFp16Arm, DepthwiseDirectPath) {
  uint32_t seed = 300;
  const std::vector<std::vector<int>> strides = {{1, 1}, {2, 2}, {2, 1}};
  for (const std::string op : {"depthwise_conv2d", "conv2d"}) {
    for (int k : {3, 5}) {
      for (const std::vector<int>& stride : strides) {
        for (const std::vector<int>& pad :
             {std::vector<int>{0, 0}, {1, 1}, {2, 2}, {0, 1, 1, 0}, {1, 2, 0, 2}}) {
          const int c = 1 + seed % 9;
          ConvCase p = Conv(c, c, 5 + seed % 11, 6 + seed % 19, k, 1, pad);
          p.strides = stride;
          p.op = op;
          p.groups = c;
          p.n = 1 + seed % 2;
          p.bias = seed % 2 == 1;
          p.act = seed % 3 == 0 ? "relu6" : seed % 3 == 1 ? "hard_swish" : "sigmoid";
          Check(p, seed++);
        }
      }
    }
  }
}

TEST(ConvFp16Arm, DepthwiseShapesForTheGemm) {
  uint32_t seed = 400;
  ConvCase p = Conv(6, 6, 13, 11, 7, 1, {3, 3});  // 7x7
  p.op = "depthwise_conv2d";
  p.groups = 6;
  Check(p, seed++);
  p = Conv(4, 8, 9, 10, 3, 2, {1, 1});  // channel multiplier 2
  p.op = "depthwise_conv2d";
  p.groups = 4;
  Check(p, seed++);
  p = Conv(5, 5, 9, 10, 3, 1, {2, 2});  // dilated
  p.op = "depthwise_conv2d";
  p.groups = 5;
  p.dilations = {2, 2};
  Check(p, seed++);
}

TEST(ConvFp16Arm, TwoThreads) {
  uint32_t seed = 500;
  // K = 288: 227 columns a block, 3 blocks: each thread packs its own.
  ConvCase p = Conv(32, 20, 26, 25, 3, 1, {1, 1});
  p.bias = true;
  p.act = "relu";
  Check(p, seed++, 2);
  // One block: the threads split the rows.
  Check(Conv(16, 37, 6, 7, 3, 1, {1, 1}), seed++, 2);
  ConvCase dw = Conv(13, 13, 30, 31, 3, 2, {1, 1});
  dw.op = "depthwise_conv2d";
  dw.groups = 13;
  Check(dw, seed++, 2);
}

TEST(ConvFp16Arm, NewInputShapeBetweenRuns) {
  for (const bool depthwise : {false, true}) {
    ConvCase p = Conv(4, depthwise ? 4 : 9, 8, 9, 3, 1, {1, 1});
    if (depthwise) p.groups = 4;
    ExpectFp16RerunMatchesHost(MakeConv(p, 600), "x", DDim({1, 4, 8, 9}), DDim({2, 4, 11, 6}),
                               601);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
