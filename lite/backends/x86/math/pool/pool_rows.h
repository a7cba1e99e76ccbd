// Window reductions along one input row for pool2d, AVX2 (declarations only: the intrinsics
// live in pool_rows_avx2.cc, built with -mavx2 -mfma; call only when
// lite::x86::CpuHasAvx2Fma() is true).
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// dst[o] = max (or sum) of src[2o .. 2o + kernel) for o in [0, n), kernel 2 or 3: reads
// src[0, 2n + kernel - 2].
void PoolRowStride2Avx2(const float* src, int n, int kernel, bool max, float* dst);

// dst[o] = max (or sum, added in row order) of src[r * stride + o] over rows r in
// [0, rows), for o in [0, n); rows >= 1; dst must not overlap src.
void PoolCombineRowsAvx2(const float* src, int rows, int stride, int n, bool max, float* dst);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
