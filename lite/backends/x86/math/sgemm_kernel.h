// Internal to sgemm.cc: tile sizes and the MR x NR micro-kernels. Both kernels read the same
// packed layouts, so a packed A serves whichever kernel runs.
//
// This header is included by sgemm_kernel_avx2.cc, which is compiled with -mavx2 -mfma:
// it must stay free of inline functions (no standard headers) — an inline function emitted
// in that file could be the copy the linker keeps for the whole program, and would then run
// AVX2 instructions on CPUs without them.
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace sgemm_internal {

// Register tile: 6 rows x 16 columns = 12 ymm accumulators (2 per row), 2 ymm of B and one
// broadcast of A per k step, out of the 16 ymm registers.
constexpr int kMR = 6;
constexpr int kNR = 16;

enum TileAct { kActNone = 0, kActRelu = 1, kActRelu6 = 2 };

// acc[r][j] = sum_{p < kc} a[p * kMR + r] * b[p * b_stride + j]   (r < kMR, j < kNR)
// c[r * ldc + j] = act(acc[r][j] + beta * c[r * ldc + j] + bias[r])
// beta == 0 does not read c; bias == nullptr adds nothing; act is a TileAct.
using MicroKernel = void (*)(int kc, const float* a, const float* b, long b_stride,
                             float* c, long ldc, float beta, const float* bias, int act);

void MicroKernelAvx2(int kc, const float* a, const float* b, long b_stride, float* c,
                     long ldc, float beta, const float* bias, int act);
// Same contract for the first 8 columns only (j < 8): edge tiles at most 8 wide.
void MicroKernelAvx2Narrow(int kc, const float* a, const float* b, long b_stride, float* c,
                           long ldc, float beta, const float* bias, int act);
void MicroKernelScalar(int kc, const float* a, const float* b, long b_stride, float* c,
                       long ldc, float beta, const float* bias, int act);

}  // namespace sgemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
