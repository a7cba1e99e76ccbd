// Internal to sgemm.cc: tile sizes and the micro-kernels. All kernels read the same packed A
// layout (MR = 6 row panels, k-major), so a packed A serves whichever kernel runs; packed B
// panels are as wide as the running kernel's NR.
//
// This header is included by sgemm_kernel_avx2.cc / sgemm_kernel_avx512.cc, which are
// compiled with ISA flags: it must stay free of inline functions (no standard headers) — an
// inline function emitted in those files could be the copy the linker keeps for the whole
// program, and would then run AVX2/AVX-512 instructions on CPUs without them.
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace sgemm_internal {

// Rows of a packed A panel and of every kernel's register tile.
constexpr int kMR = 6;
// AVX2 / portable tile: 6 x 16 = 12 ymm accumulators (2 per row) of the 16 ymm registers.
constexpr int kNR = 16;
// AVX-512 tile: 6 x 32 = 12 zmm accumulators; the edge kernel covers any mr x nr below it
// with masked loads and stores.
constexpr int kNR512 = 32;

// What a kernel applies when it stores C: c = act(acc + beta * c + bias[row]).
struct TileEpilogue {
  const float* bias;      // one per tile row, or nullptr
  const Activation* act;  // never null (the identity for none)
};

// acc[r][j] = sum_{p < kc} a[p * kMR + r] * b[p * b_stride + j]   (r < kMR, j < NR)
// c[r * ldc + j] = act(acc[r][j] + beta * c[r * ldc + j] + bias[r])
// beta == 0 does not read c.
using MicroKernel = void (*)(int kc, const float* a, const float* b, long b_stride,
                             float* c, long ldc, float beta, const TileEpilogue* ep);
// Same contract for rows r < mr and columns j < nr only (1 <= mr <= kMR, 1 <= nr <= NR);
// reads no B column past nr and writes nothing outside the mr x nr tile.
using EdgeKernel = void (*)(int kc, const float* a, const float* b, long b_stride, float* c,
                            long ldc, float beta, const TileEpilogue* ep, int mr, int nr);

void MicroKernelAvx2(int kc, const float* a, const float* b, long b_stride, float* c,
                     long ldc, float beta, const TileEpilogue* ep);
// The AVX2 contract for the first 8 columns only (j < 8): edge tiles at most 8 wide.
void MicroKernelAvx2Narrow(int kc, const float* a, const float* b, long b_stride, float* c,
                           long ldc, float beta, const TileEpilogue* ep);
void MicroKernelScalar(int kc, const float* a, const float* b, long b_stride, float* c,
                       long ldc, float beta, const TileEpilogue* ep);
void MicroKernelAvx512(int kc, const float* a, const float* b, long b_stride, float* c,
                       long ldc, float beta, const TileEpilogue* ep);
void EdgeKernelAvx512(int kc, const float* a, const float* b, long b_stride, float* c,
                      long ldc, float beta, const TileEpilogue* ep, int mr, int nr);
// The last `cols` (1..kMaxColumnTail) columns of a row panel, vectorized along the panel's
// rows instead (one FMA per column and k step rather than one per row): N = 49 is 48
// columns for the row-vector kernels plus one here, not 64 computed for 49. b points at
// the first of those columns in B (row stride ldb); contract otherwise as EdgeKernel.
constexpr int kMaxColumnTail = 3;
// A 6 x (48 + cols) tile (cols = 0..kMaxColumnTail), B read in place: 48 columns as row
// vectors (18 zmm accumulators) and the last cols as column vectors, in one pass. The
// 7 x 7 layers' N = 49 in one tile at ~19 FMAs per k step instead of 24.
constexpr int kWideTileCols = 48;
void WideTileAvx512(int kc, const float* a, const float* b, long ldb, float* c, long ldc,
                    float beta, const TileEpilogue* ep, int mr, int cols);
void ColumnTailAvx512(int kc, const float* a, const float* b, long ldb, float* c, long ldc,
                      float beta, const TileEpilogue* ep, int mr, int cols);

// Few-row GEMM that streams W once (gemv.cc): for rows r < `rows` (1..kGemvRows) and
// columns j < n,  y[r * ldy + j] = act(sum_p x[r * ldx + p] * w[p * ldw + j] + bias[j]);
// bias (n values, per column) may be null; ep->bias is ignored.
constexpr int kGemvRows = 4;
using GemvKernel = void (*)(int rows, int n, int k, const float* x, long ldx, const float* w,
                            long ldw, float* y, long ldy, const float* bias,
                            const TileEpilogue* ep);
void GemvKernelAvx2(int rows, int n, int k, const float* x, long ldx, const float* w, long ldw,
                    float* y, long ldy, const float* bias, const TileEpilogue* ep);
void GemvKernelAvx512(int rows, int n, int k, const float* x, long ldx, const float* w,
                      long ldw, float* y, long ldy, const float* bias, const TileEpilogue* ep);

}  // namespace sgemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
