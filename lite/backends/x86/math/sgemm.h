// Single-precision GEMM for x86, cache-blocked with packed operands:
//   C = act(alpha * A * B + beta * C + bias)
// A is M x K, B is K x N, C is M x N, all row-major with leading dimensions lda/ldb/ldc
// (>= the row width). bias (optional) has one value per row of C and act (optional) is
// applied when C is stored: this is the shape of a 1x1 convolution or im2col + GEMM on NCHW
// data (A = weights [out_ch x in_ch*kh*kw], B = input columns, C = output [out_ch x H*W]),
// whose bias add and fused activation then cost no extra pass over C.
//
// Kernels whose A is constant (weights) pack it once with PackA at PrepareForRun and call
// SgemmPacked on every run; Sgemm packs A itself on each call.
//
// With beta == 0, C is only written (it may hold garbage or NaN before). The AVX-512
// micro-kernel runs when the CPU has it, else the AVX2/FMA one when the CPU has that (see
// cpu_info.h), otherwise a portable one.
#pragma once

#include <cstddef>
#include <functional>

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// The fused activations, with Paddle's formulas (operators::ApplyActivation):
//   kRelu6       min(max(x, 0), relu6_threshold)
//   kLeakyRelu   x > 0 ? x : x * leaky_alpha
//   kHardSwish   x * min(max(x + hard_swish_offset, 0), hard_swish_threshold) / hard_swish_scale
//   kHardSigmoid min(max(hard_sigmoid_slope * x + hard_sigmoid_offset, 0), 1)
enum class GemmActivation { kNone, kRelu, kRelu6, kLeakyRelu, kHardSwish, kHardSigmoid };

// Applied per output row when C is stored: c[m][n] = act(c[m][n] + bias[m]).
struct GemmEpilogue {
  const float* bias = nullptr;  // M values, or nullptr for no bias
  GemmActivation activation = GemmActivation::kNone;
  float relu6_threshold = 6.f;
  float leaky_alpha = 0.02f;
  float hard_swish_threshold = 6.f;
  float hard_swish_scale = 6.f;
  float hard_swish_offset = 3.f;
  float hard_sigmoid_slope = 0.2f;
  float hard_sigmoid_offset = 0.5f;
};

// Which micro-kernel runs. kAuto picks AVX-512 when the CPU has AVX-512F, else AVX2 when it
// has AVX2+FMA, else the portable one; kAvx2 / kAvx512 on a CPU without that ISA throw;
// kScalar is the portable path (tests force each one to check it).
enum class SgemmIsa { kAuto, kScalar, kAvx2, kAvx512 };

// Runs task(0) .. task(tasks - 1), possibly concurrently, and returns when all are done.
// The math library creates no threads: kernels hand in their predictor's thread pool here.
using ParallelForFn =
    std::function<void(int tasks, const std::function<void(int task)>& task)>;

struct SgemmOptions {
  // Parts the N range (or the M range when N is narrow) is split into, one task each; only
  // used with parallel_for (without it everything runs on the calling thread).
  int threads = 1;
  ParallelForFn parallel_for;
  SgemmIsa isa = SgemmIsa::kAuto;
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
}  // namespace x86
}  // namespace lite
}  // namespace paddle
