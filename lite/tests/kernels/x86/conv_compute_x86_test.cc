// conv2d x86 kernel against the host kernel (the reference) on random shapes covering
// every path: 1x1 direct GEMM, im2col + GEMM, groups, every padding kind, dilation,
// stride, batch, bias, each fused activation, threads, and shape changes between runs.
//
// Tolerance: both kernels sum K = (C_in / groups) * KH * KW products of |x| <= 2 and
// |w| <= 1 in a different order, so outputs may differ by float rounding growing with K:
// |x86 - host| <= 4e-6 * K + 1e-5 * |host|. An indexing or epilogue bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// The second x86 run reuses the packed filter and scratch.
void CompareWithHost(const ConvCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectX86MatchesHost(MakeConv(p, MakeConvInputs(p, seed)), ConvTolerance(p), threads);
}

using Conv2dX86 = X86KernelTest;

TEST_F(Conv2dX86, IsRegisteredWithTheCpuRequirement) { ExpectX86KernelRequiresAvx2Fma("conv2d"); }

TEST_F(Conv2dX86, PointwiseDirectGemm) {
  // 1x1, stride 1, no padding: the input is the GEMM's B. Odd channels, sizes off tiles.
  uint32_t seed = 1;
  for (int c : {1, 3, 17}) {
    for (int out_c : {1, 5, 24, 33}) {
      for (auto hw : std::vector<std::pair<int, int>>{{1, 1}, {7, 9}, {16, 16}, {3, 29}}) {
        ConvCase p;
        p.n = 2;
        p.c = c;
        p.out_c = out_c;
        p.h = hw.first;
        p.w = hw.second;
        p.bias = (seed % 2) == 0;
        CompareWithHost(p, seed++);
      }
    }
  }
}

TEST_F(Conv2dX86, PointwiseStrideTwoAndPaddedTakeIm2col) {
  ConvCase p;
  p.c = 7;
  p.out_c = 9;
  p.h = 11;
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

TEST_F(Conv2dX86, KernelsStridesPaddingsDilations) {
  uint32_t seed = 100;
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {2, 1}, {0, 1, 2, 0}, {1, 2, 0, 3}};
  for (int k : {3, 5}) {
    for (int stride : {1, 2}) {
      for (const auto& pad : paddings) {
        for (int dilation : {1, 2}) {
          ConvCase p;
          p.n = (seed % 3 == 0) ? 2 : 1;
          p.c = 3 + seed % 4;
          p.out_c = 5 + seed % 11;
          p.h = 13;
          p.w = 11;
          p.kh = k;
          p.kw = k;
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

TEST_F(Conv2dX86, RectangularKernelsAndStrides) {
  ConvCase p;
  p.c = 4;
  p.out_c = 6;
  p.h = 9;
  p.w = 14;
  p.kh = 3;
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

TEST_F(Conv2dX86, PaddingAlgorithms) {
  uint32_t seed = 300;
  for (const std::string alg : {"SAME", "VALID"}) {
    for (int stride : {1, 2}) {
      for (int k : {1, 3, 5}) {
        ConvCase p;
        p.c = 5;
        p.out_c = 7;
        p.h = 10;
        p.w = 9;
        p.kh = k;
        p.kw = k;
        p.strides = {stride, stride};
        p.paddings = {3, 3};  // ignored by SAME/VALID
        p.padding_algorithm = alg;
        p.bias = true;
        CompareWithHost(p, seed++);
      }
    }
  }
}

TEST_F(Conv2dX86, Groups) {
  uint32_t seed = 400;
  for (int groups : {2, 3}) {
    for (int k : {1, 3}) {
      ConvCase p;
      p.n = 2;
      p.groups = groups;
      p.c = groups * 3;
      p.out_c = groups * 5;
      p.h = 8;
      p.w = 7;
      p.kh = k;
      p.kw = k;
      p.paddings = {k / 2, k / 2};
      p.bias = true;
      p.act = "relu";
      CompareWithHost(p, seed++);
      p.strides = {2, 2};
      p.act = "hard_swish";
      CompareWithHost(p, seed++);
    }
  }
}

TEST_F(Conv2dX86, EachFusedActivation) {
  // Inputs in [-2, 2] give outputs on both sides of every activation's kinks.
  uint32_t seed = 500;
  for (const std::string act :
       {"relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid", "sigmoid"}) {
    for (bool bias : {false, true}) {
      for (int k : {1, 3}) {  // epilogue on the direct and the im2col path
        ConvCase p;
        p.c = 6;
        p.out_c = 13;
        p.h = 9;
        p.w = 9;
        p.kh = k;
        p.kw = k;
        p.paddings = {k / 2, k / 2};
        p.bias = bias;
        p.act = act;
        CompareWithHost(p, seed++);
      }
    }
  }
  // relu6 with another threshold cannot use the GEMM epilogue's clip at 6.
  ConvCase p;
  p.c = 6;
  p.out_c = 8;
  p.h = 5;
  p.w = 5;
  p.kh = 3;
  p.kw = 3;
  p.bias = true;
  p.act = "relu6";
  p.act_threshold = 1.5f;
  CompareWithHost(p, 600);
}

TEST_F(Conv2dX86, LargerLayersWithThreads) {
  // MobileNet-like layer shapes, large enough that the GEMM splits work across threads.
  ConvCase p;
  p.c = 32;
  p.out_c = 64;
  p.h = 28;
  p.w = 28;
  p.bias = true;
  p.act = "relu6";
  CompareWithHost(p, 700, 1);
  CompareWithHost(p, 701, 3);
  p.kh = 3;
  p.kw = 3;
  p.paddings = {1, 1};
  p.strides = {2, 2};
  CompareWithHost(p, 702, 2);
}

TEST_F(Conv2dX86, InputShapeChangesBetweenRuns) {
  // Same kernel, new spatial sizes: the packed filter stays valid, the scratch follows.
  for (int k : {1, 3}) {
    ConvCase p;
    p.c = 5;
    p.out_c = 11;
    p.h = 6;
    p.w = 6;
    p.kh = k;
    p.kw = k;
    p.paddings = {k / 2, k / 2};
    p.bias = true;
    const ConvInputs first = MakeConvInputs(p, 800 + k);
    KernelRun host(MakeConv(p, first), kHostPlace, 1), x86(MakeConv(p, first), kX86Place, 2);
    for (auto hw : std::vector<std::pair<int, int>>{{6, 6}, {15, 4}, {1, 1}, {9, 20}}) {
      SCOPED_TRACE(Describe(p) + " run at " + std::to_string(hw.first) + "x" +
                   std::to_string(hw.second));
      ConvCase q = p;
      q.h = hw.first;
      q.w = hw.second;
      const ConvInputs in = MakeConvInputs(q, 800 + k);
      for (KernelRun* run : {&host, &x86}) {
        run->Fill("x", DDim({q.n, q.c, q.h, q.w}), in.x);
        run->Run();
      }
      ExpectSameOutputs(&host, &x86, {"out"}, ConvTolerance(p));
    }
  }
}

TEST_F(Conv2dX86, LargeImagesUnfoldInRowBlocks) {
  // Unfolded columns larger than one block (512 KB): the kernel unfolds and multiplies
  // blocks of output rows; with 2 threads either each thread takes whole blocks (many
  // blocks) or both share a block (few blocks).
  ConvCase p;
  p.c = 16;
  p.out_c = 24;
  p.kh = 3;
  p.kw = 3;
  p.paddings = {1, 1};
  p.bias = true;
  p.act = "relu";
  p.h = 70;  // 144 x 70 floats per output row: 12 rows per block, 6 blocks
  p.w = 70;
  CompareWithHost(p, 900, 1);
  CompareWithHost(p, 901, 2);
  p.h = 20;  // 2 blocks: both threads share each block
  CompareWithHost(p, 902, 2);
  p.c = 3;  // a stem: 7x7 stride 2 over few channels
  p.out_c = 8;
  p.kh = 7;
  p.kw = 7;
  p.strides = {2, 2};
  p.paddings = {3, 3};
  p.h = 230;
  p.w = 226;
  CompareWithHost(p, 903, 1);
  CompareWithHost(p, 904, 2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
