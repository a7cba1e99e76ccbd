// C = alpha * A * B for a few rows of A (m <= kSmallGemmMaxRows) with AVX2/FMA: B is streamed
// once with every row of A applied to it, so a matrix-vector product costs one read of B
// (the packed SGEMM copies B into panels first, which dominates when m is 1).
// Declarations only: the intrinsics live in small_gemm_avx2.cc (built with -mavx2 -mfma);
// call only when lite::x86::CpuHasAvx2Fma() is true.
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

constexpr int kSmallGemmMaxRows = 4;

// C (m x n, leading dim ldc) = alpha * A (m x k, lda) * op(B), 1 <= m <= kSmallGemmMaxRows.
// B is k x n (ldb) or, with b_transposed, n x k (ldb) read as its transpose. C is only
// written.
void SmallGemmAvx2(int m, int n, int k, float alpha, const float* a, int lda, const float* b,
                   int ldb, bool b_transposed, float* c, int ldc);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
