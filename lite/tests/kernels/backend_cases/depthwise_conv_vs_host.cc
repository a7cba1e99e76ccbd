// depthwise_conv2d backend kernels against the host kernel (the reference) on random
// shapes: the direct paths (3x3/5x5, stride 1, 2 and (2, 1), symmetric and asymmetric
// paddings, 1x1 inputs; each backend's widths around its vector blocks:
// ExpectDepthwiseWidthsMatchHost),
// the generic fallback (7x7, dilation 2, channel multipliers 2 and 3, rectangular filters,
// unequal strides, stride 3, 1x1), SAME/VALID, batch 2, bias, each fused activation,
// network planes over 1-3 threads, two runs each, input shape changes between runs, and a
// filter of the wrong rank.
//
// Tolerance (ConvTolerance): both kernels sum K = KH * KW products of |x| <= 2 and |w| <= 1
// in a different order: |kernel - host| <= 4e-6 * K + 1e-5 * |host|. An indexing or border
// bug is off by O(0.1).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/conv_op_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// A depthwise conv of `multiplier` k x k filters per channel on n c x h x w images.
ConvCase Depthwise(int n, int c, int h, int w, int k, int stride, std::vector<int> paddings,
                   int multiplier = 1) {
  ConvCase p = SquareConv(c, c * multiplier, h, w, k, stride, std::move(paddings));
  p.op = "depthwise_conv2d";
  p.n = n;
  p.groups = c;
  return p;
}

void CompareWithHost(const Place& place, const ConvCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectKernelMatchesHost(MakeConv(p, MakeConvInputs(p, seed)), place, ConvTolerance(p),
                          threads);
}

// Filters larger than the padded input give no output: not a valid conv.
bool HasOutput(const ConvCase& p) {
  const bool four = p.paddings.size() == 4;
  const int pad_h = four ? p.paddings[0] + p.paddings[1] : 2 * p.paddings[0];
  const int pad_w = four ? p.paddings[2] + p.paddings[3] : 2 * p.paddings[1];
  return p.h + pad_h >= p.kh && p.w + pad_w >= p.kw;
}

}  // namespace

void ExpectDepthwiseWidthsMatchHost(const Place& place, int max_out_w) {
  uint32_t seed = 500;
  for (int k : {3, 5}) {
    for (int stride : {1, 2}) {
      for (int out_w = 1; out_w <= max_out_w; ++out_w) {
        const int pad = out_w % 3 == 0 ? 0 : k / 2;
        const int right = out_w % 2 == 0 ? pad : 0;  // asymmetric on every other width
        const int w = (out_w - 1) * stride + k - pad - right;
        if (w < 1) continue;
        ConvCase p = Depthwise(1, 3, 6 + out_w % 3, w, k, stride, {pad, right, pad, right});
        p.bias = true;
        CompareWithHost(place, p, seed++);
      }
    }
  }
}

namespace {

TEST_P(DepthwiseConvVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("depthwise_conv2d");
}

TEST_P(DepthwiseConvVsHost, DirectPathShapesStridesPaddings) {
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {2, 2}, {0, 1, 2, 0},
                                                  {2, 0, 1, 3}};
  const std::vector<std::pair<int, int>> sizes = {{1, 1}, {2, 2},   {5, 7},
                                                  {7, 7}, {13, 17}, {4, 9}};
  uint32_t seed = 1;
  for (int k : {3, 5}) {
    for (int stride : {1, 2}) {
      for (const auto& pad : paddings) {
        for (const auto& hw : sizes) {
          for (int c : {1, 3, 8, 17, 32}) {
            ConvCase p = Depthwise(2, c, hw.first, hw.second, k, stride, pad);
            p.bias = (seed % 2) == 0;
            if (!HasOutput(p)) continue;
            CompareWithHost(place(), p, seed++);
          }
        }
      }
    }
  }
  EXPECT_GT(seed, 400u);  // the skips above left most combinations in
}

// Stride (2, 1), the text recognizers' and classifiers' downsampling: the direct path with
// the height halved and every column kept, widths around the vector blocks, each padding
// kind.
TEST_P(DepthwiseConvVsHost, StrideTwoByOne) {
  uint32_t seed = 700;
  for (int k : {3, 5}) {
    for (const std::vector<int>& pad :
         std::vector<std::vector<int>>{{1, 1}, {2, 2}, {0, 1, 2, 0}}) {
      for (int w : {1, 3, 4, 7, 9, 17, 24, 40}) {
        ConvCase p = Depthwise(2, 3, 12, w, k, 2, pad);
        p.strides = {2, 1};
        p.bias = (seed % 2) == 0;
        if (!HasOutput(p)) continue;
        CompareWithHost(place(), p, seed++);
      }
    }
  }
  EXPECT_GT(seed, 740u);
}

TEST_P(DepthwiseConvVsHost, NetworkPlanesWithThreads) {
  struct Plane {
    int n, c, h, w, k, stride;
    bool bias;
    const char* act;
    int threads;
  };
  uint32_t seed = 900;
  // MobileNet's first depthwise layer, odd planes with 5x5 filters, over 1-3 threads.
  for (const Plane& plane : {Plane{1, 32, 112, 112, 3, 1, true, "relu6", 1},
                             Plane{1, 32, 112, 112, 3, 1, true, "relu6", 2},
                             Plane{1, 32, 112, 112, 3, 2, true, "relu6", 2},
                             Plane{2, 17, 28, 29, 5, 1, false, "relu", 2},
                             Plane{2, 17, 28, 29, 5, 2, false, "relu", 2},
                             Plane{1, 8, 112, 112, 3, 1, true, "relu6", 1},
                             Plane{1, 8, 112, 112, 3, 2, true, "relu6", 2},
                             Plane{1, 17, 56, 57, 5, 2, true, "relu", 3}}) {
    ConvCase p = Depthwise(plane.n, plane.c, plane.h, plane.w, plane.k, plane.stride,
                           {plane.k / 2, plane.k / 2});
    p.bias = plane.bias;
    p.act = plane.act;
    CompareWithHost(place(), p, seed++, plane.threads);
  }
}

TEST_P(DepthwiseConvVsHost, FallbackShapes) {
  uint32_t seed = 1000;
  auto run = [&](ConvCase p) {
    p.n = 2;
    p.bias = (seed % 2) == 1;
    CompareWithHost(place(), p, seed++);
    CompareWithHost(place(), p, seed++, 2);
  };
  for (int c : {5, 17}) {
    for (int stride : {1, 2}) {
      run(Depthwise(1, c, 13, 17, 7, stride, {3, 3}));  // other filter size
      ConvCase dilated = Depthwise(1, c, 13, 17, 3, stride, {2, 2});
      dilated.dilations = {2, 2};
      run(dilated);
      run(Depthwise(1, c, 13, 17, 3, stride, {1, 1}, 2));  // channel multiplier
      run(Depthwise(1, c, 13, 17, 5, stride, {2, 2}, 3));
      ConvCase rect = Depthwise(1, c, 13, 17, 3, stride, {1, 2});  // rectangular filter
      rect.kw = 5;
      run(rect);
    }
    ConvCase unequal = Depthwise(1, c, 13, 17, 3, 1, {1, 1});
    unequal.strides = {1, 2};
    run(unequal);
    run(Depthwise(1, c, 13, 17, 3, 3, {1, 1}));  // stride 3
    run(Depthwise(1, c, 13, 17, 1, 1, {0, 0}));  // 1x1 depthwise (a per-channel scale)
  }
}

TEST_P(DepthwiseConvVsHost, PaddingAlgorithms) {
  uint32_t seed = 1500;
  for (int c : {4, 8}) {
    for (const std::string alg : {"SAME", "VALID"}) {
      for (int stride : {1, 2}) {
        for (int k : {3, 5}) {
          ConvCase p = Depthwise(1, c, 10, 9, k, stride, {3, 3});  // paddings ignored
          p.padding_algorithm = alg;
          p.bias = true;
          CompareWithHost(place(), p, seed++);
        }
      }
    }
  }
}

TEST_P(DepthwiseConvVsHost, EachFusedActivation) {
  uint32_t seed = 2000;
  for (const std::string& act : FusableActivationTypes()) {
    for (int c : {5, 9}) {
      for (bool bias : {false, true}) {
        for (int k : {3, 5, 7}) {  // direct and fallback paths
          ConvCase p =
              Depthwise(2, c, 11, 13, k, 1 + static_cast<int>(seed % 2), {k / 2, k / 2});
          p.bias = bias;
          p.act = act;
          for (int threads : {1, 2}) CompareWithHost(place(), p, seed, threads);
          ++seed;
        }
      }
    }
  }
  for (int c : {4, 8}) {
    ConvCase p = Depthwise(1, c, 9, 10, 3, 1, {1, 1});
    p.bias = true;
    p.act = "relu6";
    p.act_threshold = 1.5f;  // relu6 with another threshold
    CompareWithHost(place(), p, seed++);
    p.act = "gelu";
    p.act_approximate = true;
    CompareWithHost(place(), p, seed++);
  }
}

TEST_P(DepthwiseConvVsHost, InputShapeChangesBetweenRuns) {
  for (const std::string act : {"", "hard_swish"}) {
    for (int k : {3, 5, 7}) {
      for (int stride : {1, 2}) {
        ConvCase p = Depthwise(1, 5, 6, 6, k, stride, {k / 2, k / 2});
        p.bias = true;
        p.act = act;
        SCOPED_TRACE(Describe(p));
        ExpectKernelFollowsInputShapes(
            MakeConv(p, MakeConvInputs(p, 3000 + k)), place(), "x",
            NchwShapes(p.n, p.c, {{6, 6}, {15, 4}, {1, 1}, {40, 33}, {6, 6}}), -2.f, 2.f,
            3100 + k, ConvTolerance(p), 2);
      }
    }
  }
}

TEST_P(DepthwiseConvVsHost, FilterOfWrongRankThrowsNamingIt) {
  // The op checks shapes in InferShape; a kernel launched without it must still refuse.
  const ConvCase p = Depthwise(1, 4, 6, 6, 3, 1, {0, 0});
  KernelRun kernel(MakeConv(p, MakeConvInputs(p, 1600)), place(), 1);
  kernel.Prepare();
  kernel.scope()->Var("w")->GetMutable<Tensor>()->Resize({4, 3, 3});
  ExpectErrorContaining([&] { kernel.kernel()->Launch(); },
                        "depthwise_conv2d (" + GetParam().name +
                            "): Input and Filter must be 4-D");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
