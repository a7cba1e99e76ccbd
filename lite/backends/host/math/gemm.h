// Naive single-precision GEMM, the reference every optimized GEMM is checked against:
//   C = alpha * op(A) * op(B) + beta * C
// op(A) is M x K, op(B) is K x N, C is M x N; all row-major with leading dimensions
// lda/ldb/ldc. With beta == 0, C is only written (it may hold garbage or NaN before).
#pragma once

namespace paddle {
namespace lite {
namespace host {
namespace math {

void Gemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float* a,
          int lda, const float* b, int ldb, float beta, float* c, int ldc);

// Row-major C[M x N] = A[M x K] * B[K x N] with dense leading dimensions.
inline void MatMul(int m, int n, int k, const float* a, const float* b, float* c) {
  Gemm(false, false, m, n, k, 1.f, a, k, b, n, 0.f, c, n);
}

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
