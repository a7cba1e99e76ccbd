// conv2d ARM kernel against the host kernel (the reference) on random shapes covering
// every path: 1x1 direct GEMM, im2col + GEMM (one block, own blocks per thread, shared
// blocks), groups and depthwise, every padding kind, dilation, stride, batch, bias, each
// fused activation, threads, and shape changes between runs. Every comparison runs the ARM
// kernel twice (the second run reuses the packed filter and scratch).
//
// Tolerance (ConvTolerance): both kernels sum K = (C_in / groups) * KH * KW products of
// |x| <= 2 and |w| <= 1 in a different order: |arm - host| <= 4e-6 * K + 1e-5 * |host|. An
// indexing or epilogue bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/conv_op_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

void CompareWithHost(const ConvCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectArmMatchesHost(MakeConv(p, MakeConvInputs(p, seed)), ConvTolerance(p), threads);
}

ConvCase Square(int n, int c, int out_c, int hw, int k) {
  ConvCase p;
  p.n = n;
  p.c = c;
  p.out_c = out_c;
  p.h = hw;
  p.w = hw;
  p.kh = k;
  p.kw = k;
  return p;
}

TEST(Conv2dArm, PointwiseDirectGemm) {
  // 1x1, stride 1, no padding: the input is the GEMM's B. Odd channels, sizes off tiles.
  uint32_t seed = 1;
  for (int c : {1, 3, 17}) {
    for (int out_c : {1, 9, 24, 33}) {
      for (auto hw : std::vector<std::pair<int, int>>{{1, 1}, {7, 9}, {3, 29}}) {
        ConvCase p = Square(2, c, out_c, 1, 1);
        p.h = hw.first;
        p.w = hw.second;
        p.bias = (seed % 2) == 0;
        CompareWithHost(p, seed++);
      }
    }
  }
}

TEST(Conv2dArm, PointwiseStrideTwoAndPaddedTakeIm2col) {
  ConvCase p = Square(1, 7, 9, 11, 1);
  p.w = 10;
  p.strides = {2, 2};
  p.bias = true;
  CompareWithHost(p, 10);
  p.strides = {1, 1};
  p.paddings = {1, 0, 0, 2};  // 1x1 with padding: the output is larger than the input
  CompareWithHost(p, 11);
  p.paddings = {0, 0};
  p.strides = {1, 2};
  CompareWithHost(p, 12);
}

TEST(Conv2dArm, KernelsStridesPaddingsDilations) {
  uint32_t seed = 100;
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {2, 1}, {0, 1, 2, 0}, {1, 2, 0, 3}};
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
          CompareWithHost(p, seed++);
        }
      }
    }
  }
}

TEST(Conv2dArm, RectangularKernelsAndStrides) {
  ConvCase p = Square(1, 4, 6, 9, 3);
  p.w = 14;
  p.kw = 1;
  p.strides = {1, 2};
  p.paddings = {1, 0};
  p.bias = true;
  CompareWithHost(p, 200);
  p.kh = 1;
  p.kw = 5;
  p.strides = {2, 1};
  p.paddings = {0, 2};
  p.dilations = {1, 2};
  CompareWithHost(p, 201);
}

TEST(Conv2dArm, PaddingAlgorithms) {
  uint32_t seed = 300;
  for (const std::string alg : {"SAME", "VALID"}) {
    for (int stride : {1, 2}) {
      for (int k : {1, 3}) {
        ConvCase p = Square(1, 5, 7, 10, k);
        p.w = 9;
        p.strides = {stride, stride};
        p.paddings = {3, 3};  // ignored by SAME/VALID
        p.padding_algorithm = alg;
        p.bias = true;
        CompareWithHost(p, seed++);
      }
    }
  }
}

TEST(Conv2dArm, GroupsAndDepthwise) {
  uint32_t seed = 400;
  for (int groups : {2, 3}) {
    for (int k : {1, 3}) {
      ConvCase p = Square(2, groups * 3, groups * 5, 8, k);
      p.w = 7;
      p.groups = groups;
      p.paddings = {k / 2, k / 2};
      p.bias = true;
      p.act = "relu";
      CompareWithHost(p, seed++);
      p.strides = {2, 2};
      p.act = "hard_swish";
      CompareWithHost(p, seed++, 2);
    }
  }
  // groups == channels == filters: conv2d's depthwise case runs through the GEMM path too.
  ConvCase dw = Square(2, 8, 8, 9, 3);
  dw.groups = 8;
  dw.paddings = {1, 1};
  dw.bias = true;
  dw.act = "relu6";
  CompareWithHost(dw, 450);
  dw.strides = {2, 2};
  CompareWithHost(dw, 451, 2);
}

TEST(Conv2dArm, EachFusedActivation) {
  // Inputs in [-2, 2] give outputs on both sides of every activation's bends.
  uint32_t seed = 500;
  for (const std::string& act : FusableActivationTypes()) {
    for (int k : {1, 3}) {  // epilogue on the direct and the im2col path
      ConvCase p = Square(1, 6, 13, 9, k);
      p.paddings = {k / 2, k / 2};
      p.bias = (seed % 2) == 0;
      p.act = act;
      CompareWithHost(p, seed++);
    }
  }
  ConvCase p = Square(1, 6, 8, 5, 3);  // relu6 with another threshold
  p.bias = true;
  p.act = "relu6";
  p.act_threshold = 1.5f;
  CompareWithHost(p, 600);
  p.act = "gelu";
  p.act_approximate = true;
  CompareWithHost(p, 601);
}

TEST(Conv2dArm, LargerLayersWithThreads) {
  // MobileNet-like layer shapes, large enough that the GEMM splits work across threads.
  ConvCase p = Square(1, 32, 64, 20, 1);
  p.bias = true;
  p.act = "relu6";
  CompareWithHost(p, 700, 1);
  CompareWithHost(p, 701, 2);
  p.kh = 3;
  p.kw = 3;
  p.paddings = {1, 1};
  p.strides = {2, 2};
  CompareWithHost(p, 702, 2);
}

TEST(Conv2dArm, LargeImagesUnfoldInRowBlocks) {
  // Unfolded columns larger than one block (128 KB): the kernel unfolds and multiplies
  // blocks of output rows; with 2 threads either each thread takes whole blocks (many
  // blocks) or both share a block (few blocks).
  ConvCase p = Square(1, 16, 20, 48, 3);  // 144 x 48 floats per output row: 4 rows a block
  p.paddings = {1, 1};
  p.bias = true;
  p.act = "relu";
  CompareWithHost(p, 900, 1);
  CompareWithHost(p, 901, 2);
  p.h = 10;  // 3 blocks: both threads share each block
  CompareWithHost(p, 902, 2);
  p = Square(1, 3, 8, 100, 7);  // a stem: 7x7 stride 2 over few channels
  p.w = 98;
  p.strides = {2, 2};
  p.paddings = {3, 3};
  p.bias = true;
  CompareWithHost(p, 903, 1);
  CompareWithHost(p, 904, 2);
}

TEST(Conv2dArm, InputShapeChangesBetweenRuns) {
  // Same kernel, new spatial sizes and batch: the packed filter stays valid, the scratch
  // follows.
  for (int k : {1, 3}) {
    ConvCase p = Square(1, 5, 11, 6, k);
    p.paddings = {k / 2, k / 2};
    p.bias = true;
    p.act = "leaky_relu";
    const ConvInputs first = MakeConvInputs(p, 800 + k);
    KernelRun host(MakeConv(p, first), kHostPlace, 1), arm(MakeConv(p, first), kArmPlace, 2);
    for (auto nhw : std::vector<std::vector<int>>{{1, 6, 6}, {2, 15, 4}, {1, 1, 1}, {3, 9, 20}}) {
      ConvCase q = p;
      q.n = nhw[0];
      q.h = nhw[1];
      q.w = nhw[2];
      SCOPED_TRACE(Describe(q));
      const ConvInputs in = MakeConvInputs(q, 810 + k);
      for (KernelRun* run : {&host, &arm}) {
        run->Fill("x", DDim({q.n, q.c, q.h, q.w}), in.x);
        run->Run();
      }
      ExpectSameOutputs(&host, &arm, {"out"}, ConvTolerance(p));
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
