// Few-row matrix products for ARM, as fc and matmul need them for a batch of one:
//   Y = act(X * W + bias)      X: M x K, W: K x N, Y: M x N, row-major
// W is read where it is stored, once per group of up to 4 rows of X, vectorized along N
// (no packing: W is large and used once per run), so the cost is streaming W; the SGEMM's
// 8-row tiles would be 1/8 used at M = 1. bias has one value per column of Y (N values),
// unlike SgemmPacked's per-row bias. Best for M <= 4; larger M works (W is streamed
// ceil(M / 4) times) but Sgemm is faster there.
#pragma once

#include "lite/backends/arm/math/gemm/sgemm.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// Rows of X that share one pass over W.
constexpr int kGemvRows = 4;

// epilogue.bias: N values (per column of Y) or nullptr; epilogue.act as for SGEMM.
// options: threads split N.
void Gemv(int m, int n, int k, const float* x, int ldx, const float* w, int ldw, float* y,
          int ldy, const GemmEpilogue& epilogue = {}, const SgemmOptions& options = {});

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
