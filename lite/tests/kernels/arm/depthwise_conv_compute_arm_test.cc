// depthwise_conv2d ARM kernel against the host kernel (the reference) on random shapes: the
// direct NEON path (3x3/5x5, stride 1/2, symmetric and asymmetric paddings, widths around
// the 4-lane blocks, 1x1 inputs), the generic fallback (7x7, dilation 2, channel multiplier
// 2, rectangular filters, unequal strides, stride 3, 1x1), SAME/VALID, batch 2, bias, each
// fused activation, 1 and 2 threads, two runs, input shape changes between runs.
//
// Tolerance: both kernels sum K = KH * KW products of |x| <= 2 and |w| <= 1 in a different
// order: |arm - host| <= 4e-6 * K + 1e-5 * |host| (ConvTolerance). An indexing or border bug
// is off by O(0.1).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/kernel_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kArmPlace(TargetType::kARM, PrecisionType::kFloat, DataLayoutType::kNCHW);

// A depthwise conv of `multiplier` k x k filters per channel on c x h x w images.
ConvCase Depthwise(int n, int c, int h, int w, int k, int stride, std::vector<int> paddings,
                   int multiplier = 1) {
  ConvCase p;
  p.op = "depthwise_conv2d";
  p.n = n;
  p.c = c;
  p.groups = c;
  p.out_c = c * multiplier;
  p.h = h;
  p.w = w;
  p.kh = p.kw = k;
  p.strides = {stride, stride};
  p.paddings = std::move(paddings);
  return p;
}

// Two runs on the ARM kernel (the second reuses its scratch).
void CompareWithHost(const ConvCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectKernelMatchesHost(MakeConv(p, MakeConvInputs(p, seed)), kArmPlace, ConvTolerance(p),
                          threads, 2);
}

// Filters larger than the padded input give no output: not a valid conv.
bool HasOutput(const ConvCase& p) {
  const bool four = p.paddings.size() == 4;
  const int pad_h = four ? p.paddings[0] + p.paddings[1] : 2 * p.paddings[0];
  const int pad_w = four ? p.paddings[2] + p.paddings[3] : 2 * p.paddings[1];
  return p.h + pad_h >= p.kh && p.w + pad_w >= p.kw;
}

TEST(DepthwiseArm, DirectPathShapesStridesPaddings) {
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {2, 2}, {0, 1, 2, 0},
                                                  {2, 0, 1, 3}};
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {2, 2}, {5, 7}, {13, 17}, {4, 9}};
  uint32_t seed = 1;
  for (int k : {3, 5}) {
    for (int stride : {1, 2}) {
      for (const auto& pad : paddings) {
        for (const auto& hw : sizes) {
          for (int c : {1, 3, 8}) {
            ConvCase p = Depthwise(2, c, hw.first, hw.second, k, stride, pad);
            p.bias = (seed % 2) == 0;
            if (!HasOutput(p)) continue;
            CompareWithHost(p, seed++);
          }
        }
      }
    }
  }
  EXPECT_GT(seed, 200u);  // the skips above left most combinations in
}

// Output widths 1..14 around the 4-lane blocks and their border blocks, each padding side.
TEST(DepthwiseArm, EveryWidthAroundTheVectorBlocks) {
  uint32_t seed = 500;
  for (int k : {3, 5}) {
    for (int stride : {1, 2}) {
      for (int out_w = 1; out_w <= 14; ++out_w) {
        const int pad = out_w % 3 == 0 ? 0 : k / 2;
        const int right = out_w % 2 == 0 ? pad : 0;  // asymmetric on every other width
        const int w = (out_w - 1) * stride + k - pad - right;
        if (w < 1) continue;
        ConvCase p = Depthwise(1, 3, 6 + out_w % 3, w, k, stride, {pad, right, pad, right});
        p.bias = true;
        CompareWithHost(p, seed++);
      }
    }
  }
}

// Stride (2, 1), the text recognizers' and classifiers' downsampling: the direct path with
// the height halved and every column kept, widths around the blocks, each padding kind.
TEST(DepthwiseArm, StrideTwoByOne) {
  uint32_t seed = 700;
  for (int k : {3, 5}) {
    for (const std::vector<int>& pad :
         std::vector<std::vector<int>>{{1, 1}, {2, 2}, {0, 1, 2, 0}}) {
      for (int w : {1, 3, 4, 7, 9, 24}) {
        ConvCase p = Depthwise(2, 3, 12, w, k, 2, pad);
        p.strides = {2, 1};
        p.bias = (seed % 2) == 0;
        if (!HasOutput(p)) continue;
        CompareWithHost(p, seed++);
      }
    }
  }
  EXPECT_GT(seed, 730u);
}

TEST(DepthwiseArm, NetworkPlanesWithThreads) {
  ConvCase p = Depthwise(1, 32, 112, 112, 3, 1, {1, 1});
  p.bias = true;
  p.act = "relu6";
  CompareWithHost(p, 900, 1);
  CompareWithHost(p, 901, 2);
  p.strides = {2, 2};
  CompareWithHost(p, 902, 2);
  p = Depthwise(2, 17, 28, 29, 5, 1, {2, 2});
  p.act = "relu";
  CompareWithHost(p, 903, 2);
  p.strides = {2, 2};
  CompareWithHost(p, 904, 2);
}

TEST(DepthwiseArm, FallbackShapes) {
  uint32_t seed = 1000;
  auto run = [&](ConvCase p) {
    p.n = 2;
    p.bias = (seed % 2) == 1;
    CompareWithHost(p, seed++);
    CompareWithHost(p, seed++, 2);
  };
  for (int stride : {1, 2}) {
    run(Depthwise(1, 5, 13, 17, 7, stride, {3, 3}));  // other filter size
    ConvCase dilated = Depthwise(1, 5, 13, 17, 3, stride, {2, 2});
    dilated.dilations = {2, 2};
    run(dilated);
    run(Depthwise(1, 5, 13, 17, 3, stride, {1, 1}, 2));  // channel multiplier
    run(Depthwise(1, 5, 13, 17, 5, stride, {2, 2}, 3));
    ConvCase rect = Depthwise(1, 5, 13, 17, 3, stride, {1, 2});  // rectangular filter
    rect.kw = 5;
    run(rect);
  }
  ConvCase unequal = Depthwise(1, 5, 13, 17, 3, 1, {1, 1});
  unequal.strides = {1, 2};
  run(unequal);
  run(Depthwise(1, 5, 13, 17, 3, 3, {1, 1}));  // stride 3
  run(Depthwise(1, 5, 13, 17, 1, 1, {0, 0}));  // 1x1 depthwise (a per-channel scale)
}

TEST(DepthwiseArm, PaddingAlgorithms) {
  uint32_t seed = 1500;
  for (const std::string alg : {"SAME", "VALID"}) {
    for (int stride : {1, 2}) {
      for (int k : {3, 5}) {
        ConvCase p = Depthwise(1, 4, 10, 9, k, stride, {3, 3});  // paddings ignored
        p.padding_algorithm = alg;
        p.bias = true;
        CompareWithHost(p, seed++);
      }
    }
  }
}

TEST(DepthwiseArm, EachFusedActivation) {
  uint32_t seed = 2000;
  for (const std::string act : {"relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid",
                                "sigmoid", "swish", "tanh", "gelu", "exp", "abs"}) {
    for (int k : {3, 5, 7}) {  // direct and fallback paths
      ConvCase p = Depthwise(2, 5, 11, 13, k, 1 + static_cast<int>(seed % 2), {k / 2, k / 2});
      p.bias = (seed % 3) != 0;
      p.act = act;
      const int threads = 1 + static_cast<int>(seed % 2);
      CompareWithHost(p, seed++, threads);
    }
  }
  ConvCase p = Depthwise(1, 4, 9, 10, 3, 1, {1, 1});
  p.bias = true;
  p.act = "relu6";
  p.act_threshold = 1.5f;  // relu6 with another threshold
  CompareWithHost(p, 2100);
  p.act = "gelu";
  p.act_approximate = true;
  CompareWithHost(p, 2101);
}

TEST(DepthwiseArm, InputShapeChangesBetweenRuns) {
  for (int k : {3, 5, 7}) {
    ConvCase p = Depthwise(1, 5, 6, 6, k, 1 + k % 2, {k / 2, k / 2});
    p.bias = true;
    p.act = "hard_swish";
    const ConvInputs first = MakeConvInputs(p, 3000 + k);
    KernelRun host(MakeConv(p, first), kHostPlace, 1), arm(MakeConv(p, first), kArmPlace, 2);
    for (auto hw : std::vector<std::pair<int, int>>{{6, 6}, {15, 4}, {1, 1}, {40, 33}, {6, 6}}) {
      SCOPED_TRACE(Describe(p) + " run at " + std::to_string(hw.first) + "x" +
                   std::to_string(hw.second));
      ConvCase q = p;
      q.h = hw.first;
      q.w = hw.second;
      const ConvInputs in = MakeConvInputs(q, 3100 + k * hw.first);
      for (KernelRun* run : {&host, &arm}) {
        run->Fill("x", DDim({q.n, q.c, q.h, q.w}), in.x);
        run->Run();
      }
      ExpectSameOutputs(&host, &arm, {"out"}, ConvTolerance(p));
    }
  }
}

TEST(DepthwiseArm, FilterOfWrongRankThrowsNamingIt) {
  // The op checks shapes in InferShape; a kernel launched without it must still refuse.
  const ConvCase p = Depthwise(1, 4, 6, 6, 3, 1, {0, 0});
  KernelRun arm(MakeConv(p, MakeConvInputs(p, 1600)), kArmPlace, 1);
  arm.Prepare();
  arm.scope()->Var("w")->GetMutable<Tensor>()->Resize({4, 3, 3});
  try {
    arm.kernel()->Launch();
    FAIL() << "a 3-D filter was accepted";
  } catch (const lite_api::PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("depthwise_conv2d (arm): Input and Filter must be 4-D"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
