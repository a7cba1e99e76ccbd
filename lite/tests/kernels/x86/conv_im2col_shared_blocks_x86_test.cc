// conv2d x86 im2col + GEMM with fewer than two row blocks per thread
// (host::GemmConv::RunUnfolded): the threads then share blocks up to twice the usual size, the
// unfolding split by input channels and the GEMM by filter rows. Patch 1152 (128 channels,
// 3x3) with 14 output columns makes 8-row blocks, widened to 16 rows: 14 rows fit one block,
// 20 rows take a block of 16 and one of 4. Checked against the host kernel (the reference).
//
// Tolerance: as conv_compute_x86_test, |x86 - host| <= 4e-6 * K + 1e-5 * |host|.
#include <gtest/gtest.h>

#include <string>

#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

void CompareWithHost(const ConvCase& p, uint32_t seed, int threads) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  ExpectX86MatchesHost(MakeConv(p, MakeConvInputs(p, seed)),
                       ConvTolerance(p), threads);
}

// 128 -> out_c channels, 3x3, stride 2, padding 1 (stride 2: never Winograd).
ConvCase SharedCase(int h, int w, int out_c) {
  ConvCase p;
  p.c = 128;
  p.out_c = out_c;
  p.h = h;
  p.w = w;
  p.kh = 3;
  p.kw = 3;
  p.strides = {2, 2};
  p.paddings = {1, 1};
  p.bias = true;
  p.act = "relu";
  return p;
}

using Conv2dIm2colSharedBlocksX86 = X86KernelTest;

TEST_F(Conv2dIm2colSharedBlocksX86, OneWideBlock) {
  uint32_t seed = 1;
  // 14x14 output; 20 and 13 filter rows: panels of 6 split unevenly, a partial last panel.
  for (int out_c : {20, 13}) {
    for (int threads : {1, 2, 3}) CompareWithHost(SharedCase(28, 28, out_c), seed++, threads);
  }
}

TEST_F(Conv2dIm2colSharedBlocksX86, WideBlockAndShortLastBlock) {
  uint32_t seed = 100;
  ConvCase p = SharedCase(40, 28, 16);  // 20x14 output: rows 0-15, then 16-19
  p.act = "relu6";
  for (int threads : {2, 3}) CompareWithHost(p, seed++, threads);
  p.n = 2;
  p.bias = false;
  p.act = "";
  CompareWithHost(p, seed++, 2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
