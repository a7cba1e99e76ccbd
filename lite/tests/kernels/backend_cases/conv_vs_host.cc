// conv2d backend kernels against the host kernel (the reference) on random shapes covering
// every path: 1x1 direct GEMM, im2col + GEMM (one block, own blocks per thread, shared
// blocks: ExpectRowBlockedConvsMatchHost at each backend's block size), groups and
// depthwise, every padding kind, dilation, stride, batch, bias, each fused activation,
// threads, and shape changes between runs. Every comparison runs the backend's kernel twice
// (the second run reuses the packed filter and scratch).
//
// Tolerance (ConvTolerance): both kernels sum K = (C_in / groups) * KH * KW products of
// |x| <= 2 and |w| <= 1 in a different order, so outputs may differ by float rounding
// growing with K: |kernel - host| <= 4e-6 * K + 1e-5 * |host|. An indexing or epilogue bug
// is off by O(1).
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

void CompareWithHost(const Place& place, const ConvCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectKernelMatchesHost(MakeConv(p, MakeConvInputs(p, seed)), place, ConvTolerance(p),
                          threads);
}

// n images of c x hw x hw, k x k filters, stride 1, no padding.
ConvCase Square(int n, int c, int out_c, int hw, int k) {
  ConvCase p = SquareConv(c, out_c, hw, hw, k, 1, {0, 0});
  p.n = n;
  return p;
}

}  // namespace

void ExpectRowBlockedConvsMatchHost(const Place& place, int out_c, int hw, int few_h,
                                    int stem_h, int stem_w) {
  ConvCase p = Square(1, 16, out_c, hw, 3);
  p.paddings = {1, 1};
  p.bias = true;
  p.act = "relu";
  CompareWithHost(place, p, 900, 1);
  CompareWithHost(place, p, 901, 2);
  p.h = few_h;
  CompareWithHost(place, p, 902, 2);
  p = Square(1, 3, 8, stem_h, 7);  // a stem: 7x7 stride 2 over few channels
  p.w = stem_w;
  p.strides = {2, 2};
  p.paddings = {3, 3};
  p.bias = true;
  CompareWithHost(place, p, 903, 1);
  CompareWithHost(place, p, 904, 2);
}

namespace {

TEST_P(Conv2dVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("conv2d");
}

TEST_P(Conv2dVsHost, PointwiseDirectGemm) {
  // 1x1, stride 1, no padding: the input is the GEMM's B. Odd channels, sizes off tiles.
  uint32_t seed = 1;
  for (int c : {1, 3, 17}) {
    for (int out_c : {1, 5, 9, 24, 33}) {
      for (auto hw : std::vector<std::pair<int, int>>{{1, 1}, {7, 9}, {16, 16}, {3, 29}}) {
        ConvCase p = Square(2, c, out_c, 1, 1);
        p.h = hw.first;
        p.w = hw.second;
        p.bias = (seed % 2) == 0;
        CompareWithHost(place(), p, seed++);
      }
    }
  }
}

TEST_P(Conv2dVsHost, PointwiseStrideTwoAndPaddedTakeIm2col) {
  ConvCase p = Square(1, 7, 9, 11, 1);
  p.w = 10;
  p.strides = {2, 2};
  p.bias = true;
  CompareWithHost(place(), p, 10);
  p.strides = {1, 1};
  p.paddings = {1, 0, 0, 2};  // 1x1 with padding: the output is larger than the input
  CompareWithHost(place(), p, 11);
  p.paddings = {0, 0};
  p.strides = {1, 2};
  CompareWithHost(place(), p, 12);
}

TEST_P(Conv2dVsHost, KernelsStridesPaddingsDilations) {
  uint32_t seed = 100;
  const std::vector<std::vector<int>> paddings = {
      {0, 0}, {1, 1}, {2, 1}, {0, 1, 2, 0}, {1, 2, 0, 3}};
  for (int k : {3, 5}) {
    for (int stride : {1, 2}) {
      for (const auto& pad : paddings) {
        for (int dilation : {1, 2}) {
          ConvCase p = Square((seed % 3 == 0) ? 2 : 1, 3 + seed % 4, 5 + seed % 11, 13, k);
          p.w = 11;
          p.strides = {stride, stride};
          p.paddings = pad;
          p.dilations = {dilation, dilation};
          p.bias = (seed % 2) == 1;
          CompareWithHost(place(), p, seed++);
        }
      }
    }
  }
}

TEST_P(Conv2dVsHost, RectangularKernelsAndStrides) {
  ConvCase p = Square(1, 4, 6, 9, 3);
  p.w = 14;
  p.kw = 1;
  p.strides = {1, 2};
  p.paddings = {1, 0};
  p.bias = true;
  CompareWithHost(place(), p, 200);
  p.kh = 1;
  p.kw = 5;
  p.strides = {2, 1};
  p.paddings = {0, 2};
  p.dilations = {1, 2};
  CompareWithHost(place(), p, 201);
}

TEST_P(Conv2dVsHost, PaddingAlgorithms) {
  uint32_t seed = 300;
  for (const std::string alg : {"SAME", "VALID"}) {
    for (int stride : {1, 2}) {
      for (int k : {1, 3, 5}) {
        ConvCase p = Square(1, 5, 7, 10, k);
        p.w = 9;
        p.strides = {stride, stride};
        p.paddings = {3, 3};  // ignored by SAME/VALID
        p.padding_algorithm = alg;
        p.bias = true;
        CompareWithHost(place(), p, seed++);
      }
    }
  }
}

TEST_P(Conv2dVsHost, GroupsAndDepthwise) {
  uint32_t seed = 400;
  for (int groups : {2, 3}) {
    for (int k : {1, 3}) {
      ConvCase p = Square(2, groups * 3, groups * 5, 8, k);
      p.w = 7;
      p.groups = groups;
      p.paddings = {k / 2, k / 2};
      p.bias = true;
      p.act = "relu";
      CompareWithHost(place(), p, seed++);
      p.strides = {2, 2};
      p.act = "hard_swish";
      for (int threads : {1, 2}) CompareWithHost(place(), p, seed, threads);
      ++seed;
    }
  }
  // groups == channels == filters: conv2d's depthwise case runs through the GEMM path too.
  ConvCase dw = Square(2, 8, 8, 9, 3);
  dw.groups = 8;
  dw.paddings = {1, 1};
  dw.bias = true;
  dw.act = "relu6";
  CompareWithHost(place(), dw, 450);
  dw.strides = {2, 2};
  CompareWithHost(place(), dw, 451, 2);
}

TEST_P(Conv2dVsHost, EachFusedActivation) {
  // Inputs in [-2, 2] give outputs on both sides of every activation's bends.
  uint32_t seed = 500;
  for (const std::string& act : FusableActivationTypes()) {
    for (bool bias : {false, true}) {
      for (int k : {1, 3}) {  // epilogue on the direct and the im2col path
        ConvCase p = Square(1, 6, 13, 9, k);
        p.paddings = {k / 2, k / 2};
        p.bias = bias;
        p.act = act;
        CompareWithHost(place(), p, seed++);
      }
    }
  }
  // relu6 with another threshold cannot use a clip at 6; gelu in its tanh form.
  ConvCase p = Square(1, 6, 8, 5, 3);
  p.bias = true;
  p.act = "relu6";
  p.act_threshold = 1.5f;
  CompareWithHost(place(), p, 600);
  p.act = "gelu";
  p.act_approximate = true;
  CompareWithHost(place(), p, 601);
}

TEST_P(Conv2dVsHost, LargerLayersWithThreads) {
  // MobileNet-like layer shapes, large enough that the GEMM splits work across threads.
  uint32_t seed = 700;
  for (int hw : {20, 28}) {
    ConvCase p = Square(1, 32, 64, hw, 1);
    p.bias = true;
    p.act = "relu6";
    for (int threads : {1, 2, 3}) CompareWithHost(place(), p, seed++, threads);
    p.kh = 3;
    p.kw = 3;
    p.paddings = {1, 1};
    p.strides = {2, 2};
    CompareWithHost(place(), p, seed++, 2);
  }
}

TEST_P(Conv2dVsHost, InputShapeChangesBetweenRuns) {
  // Same kernel, new spatial sizes and batch: the packed filter stays valid, the scratch
  // follows.
  for (const std::string act : {"", "leaky_relu"}) {
    for (int k : {1, 3}) {
      ConvCase p = Square(1, 5, 11, 6, k);
      p.paddings = {k / 2, k / 2};
      p.bias = true;
      p.act = act;
      SCOPED_TRACE(Describe(p));
      std::vector<DDim> shapes;
      for (auto nhw : std::vector<std::vector<int64_t>>{
               {1, 6, 6}, {2, 15, 4}, {1, 15, 4}, {1, 1, 1}, {3, 9, 20}, {1, 9, 20}}) {
        shapes.push_back(DDim({nhw[0], p.c, nhw[1], nhw[2]}));
      }
      ExpectKernelFollowsInputShapes(MakeConv(p, MakeConvInputs(p, 800 + k)), place(), "x",
                                     shapes, -2.f, 2.f, 810 + k, ConvTolerance(p), 2);
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
