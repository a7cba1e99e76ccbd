// Single-precision GEMM for ARM (NEON), cache-blocked with packed operands:
//   C = act(alpha * A * B + beta * C + bias)
// A is M x K, B is K x N, C is M x N, all row-major with leading dimensions lda/ldb/ldc
// (>= the row width). bias (optional) has one value per row of C and act (optional) is
// applied when C is stored: the shape of a 1x1 convolution or im2col + GEMM on NCHW data
// (A = weights [out_ch x in_ch*kh*kw], B = input columns, C = output [out_ch x H*W]), whose
// bias add and fused activation then cost no extra pass over C.
//
// Kernels whose A is constant (weights) pack it once with PackA at PrepareForRun and call
// SgemmPacked on every run; Sgemm packs A itself on each call. With beta == 0, C is only
// written (it may hold garbage or NaN before). Same API as the x86 SGEMM
// (lite/backends/x86/math/gemm/sgemm.h), one micro-kernel (8 x 12, NEON) on every aarch64 CPU.
#pragma once

#include <cstddef>
#include <functional>

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// Applied per output row when C is stored: c[m][n] = act(c[m][n] + bias[m]).
struct GemmEpilogue {
  const float* bias = nullptr;  // M values, or nullptr for no bias
  Activation act;               // any kind ActivationSupported accepts; none by default
};

// Runs task(0) .. task(tasks - 1), possibly concurrently, and returns when all are done.
// The math library creates no threads: kernels hand in their predictor's thread pool here.
using ParallelForFn =
    std::function<void(int tasks, const std::function<void(int task)>& task)>;

struct SgemmOptions {
  // Parts the N range (or the M range when N is narrow) is split into, one task each; only
  // used with parallel_for (without it everything runs on the calling thread).
  int threads = 1;
  ParallelForFn parallel_for;
};

// Number of floats PackA writes for an m x k matrix (the buffer the caller owns).
size_t PackedASize(int m, int k);

// Packs alpha * A (m x k, leading dimension lda) into `packed` (PackedASize(m, k) floats)
// in the layout SgemmPacked reads. The layout is internal to this library.
void PackA(int m, int k, const float* a, int lda, float* packed, float alpha = 1.f);

// C = act(packed_A * B + beta * C + bias); packed_a comes from PackA with the same m, k.
void SgemmPacked(int m, int n, int k, const float* packed_a, const float* b, int ldb,
                 float beta, float* c, int ldc, const GemmEpilogue& epilogue = {},
                 const SgemmOptions& options = {});

// C = act(alpha * A * B + beta * C + bias), packing A on the fly.
void Sgemm(int m, int n, int k, float alpha, const float* a, int lda, const float* b,
           int ldb, float beta, float* c, int ldc, const GemmEpilogue& epilogue = {},
           const SgemmOptions& options = {});

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
