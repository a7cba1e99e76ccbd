// conv2d x86 im2col + GEMM split over threads by whole row blocks
// (host::GemmConv::RunUnfolded):
// block counts rounded up to a multiple of the threads so each thread gets as many rows,
// including block counts equal to the threads, rows that do not divide evenly, and a last
// block shorter than the others; checked against the host kernel (the reference).
//
// Blocks hold about 64 K floats of unfolded columns (up to 128 K to keep 256 columns): with
// 16 input channels, a 3x3 filter (patch 144) and 56 output columns a block is 8 rows before
// the rounding; with 64 channels and 29 columns (stride 2) 7 rows.
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

// 16 -> 24 channels, 3x3, padding 1: too few channels for Winograd, so im2col + GEMM.
ConvCase Im2colCase(int h, int w) {
  ConvCase p;
  p.c = 16;
  p.out_c = 24;
  p.h = h;
  p.w = w;
  p.kh = 3;
  p.kw = 3;
  p.paddings = {1, 1};
  p.bias = true;
  p.act = "relu";
  return p;
}

using Conv2dIm2colBlocksX86 = X86KernelTest;

TEST_F(Conv2dIm2colBlocksX86, RowBlocksPerThread) {
  uint32_t seed = 1;
  // Output rows (blocks of 8, then a multiple of the threads): 16 (2 blocks; 3 threads
  // share each), 20 (3 -> 4 of 5 / 3 of 7), 56 (7 -> 8 of 7), 57 (8 of 8 / 9 of 7, the last
  // one row), 33 (5 -> 6 of 6, the last 3), 17 (3 -> 4 of 5 / 3 of 6), 1 (one block: the
  // threads share it).
  for (int h : {16, 20, 56, 57, 33, 17, 1}) {
    for (int threads : {2, 3}) CompareWithHost(Im2colCase(h, 56), seed++, threads);
  }
}

TEST_F(Conv2dIm2colBlocksX86, StrideTwoAndBatch) {
  uint32_t seed = 100;
  ConvCase p = Im2colCase(57, 58);  // 29 x 29 output, 16 -> 64 channels, stride 2
  p.out_c = 64;
  p.strides = {2, 2};
  p.act = "relu6";
  CompareWithHost(p, seed++, 2);
  p.c = 64;  // patch 576: blocks of 7 rows
  p.n = 2;
  p.act = "";
  CompareWithHost(p, seed++, 2);
  CompareWithHost(p, seed++, 3);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
