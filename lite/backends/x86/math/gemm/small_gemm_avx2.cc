// AVX2/FMA products with a few rows of A (see small_gemm_avx2.h). Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/gemm/small_gemm_avx2.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

// Lanes [0, count) on, for masked loads and stores of a tail shorter than 8.
__m256i TailMask(int count) {
  const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(count), lanes);
}

float HorizontalSum(__m256 v) {
  __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
  s = _mm_add_ps(s, _mm_movehl_ps(s, s));
  s = _mm_add_ss(s, _mm_shuffle_ps(s, s, 1));
  return _mm_cvtss_f32(s);
}

// C[:, j0 .. j0 + 8 * V) for M rows, B row-major: each row of B is loaded once for all rows.
template <int M, int V>
void RowsTimesPanel(int k, float alpha, const float* a, int lda, const float* b, int ldb,
                    float* c, int ldc, __m256i mask) {
  __m256 acc[M][V];
  for (int i = 0; i < M; ++i) {
    for (int v = 0; v < V; ++v) acc[i][v] = _mm256_setzero_ps();
  }
  for (int kk = 0; kk < k; ++kk) {
    const float* brow = b + static_cast<long long>(kk) * ldb;
    __m256 bv[V];
    for (int v = 0; v < V; ++v) {
      bv[v] = (v == V - 1) ? _mm256_maskload_ps(brow + 8 * v, mask) : _mm256_loadu_ps(brow + 8 * v);
    }
    for (int i = 0; i < M; ++i) {
      const __m256 av = _mm256_set1_ps(a[static_cast<long long>(i) * lda + kk]);
      for (int v = 0; v < V; ++v) acc[i][v] = _mm256_fmadd_ps(av, bv[v], acc[i][v]);
    }
  }
  const __m256 scale = _mm256_set1_ps(alpha);
  for (int i = 0; i < M; ++i) {
    float* crow = c + static_cast<long long>(i) * ldc;
    for (int v = 0; v < V; ++v) {
      const __m256 r = _mm256_mul_ps(acc[i][v], scale);
      if (v == V - 1) {
        _mm256_maskstore_ps(crow + 8 * v, mask, r);
      } else {
        _mm256_storeu_ps(crow + 8 * v, r);
      }
    }
  }
}

template <int M>
void RowsTimesB(int n, int k, float alpha, const float* a, int lda, const float* b, int ldb,
                float* c, int ldc) {
  const __m256i all = _mm256_set1_epi32(-1);
  int j = 0;
  for (; j + 32 <= n; j += 32) RowsTimesPanel<M, 4>(k, alpha, a, lda, b + j, ldb, c + j, ldc, all);
  for (; j + 8 <= n; j += 8) RowsTimesPanel<M, 1>(k, alpha, a, lda, b + j, ldb, c + j, ldc, all);
  if (j < n) RowsTimesPanel<M, 1>(k, alpha, a, lda, b + j, ldb, c + j, ldc, TailMask(n - j));
}

// C[i][j] = alpha * dot(A row i, B row j), B stored n x k.
template <int M>
void RowsTimesBt(int n, int k, float alpha, const float* a, int lda, const float* b, int ldb,
                 float* c, int ldc) {
  const int full = k / 8 * 8;
  const __m256i mask = TailMask(k - full);
  for (int j = 0; j < n; ++j) {
    const float* brow = b + static_cast<long long>(j) * ldb;
    __m256 acc[M];
    for (int i = 0; i < M; ++i) acc[i] = _mm256_setzero_ps();
    for (int kk = 0; kk < full; kk += 8) {
      const __m256 bv = _mm256_loadu_ps(brow + kk);
      for (int i = 0; i < M; ++i) {
        acc[i] = _mm256_fmadd_ps(_mm256_loadu_ps(a + static_cast<long long>(i) * lda + kk), bv,
                                 acc[i]);
      }
    }
    if (full < k) {
      const __m256 bv = _mm256_maskload_ps(brow + full, mask);
      for (int i = 0; i < M; ++i) {
        acc[i] = _mm256_fmadd_ps(
            _mm256_maskload_ps(a + static_cast<long long>(i) * lda + full, mask), bv, acc[i]);
      }
    }
    for (int i = 0; i < M; ++i) c[static_cast<long long>(i) * ldc + j] = alpha * HorizontalSum(acc[i]);
  }
}

template <int M>
void Dispatch(int n, int k, float alpha, const float* a, int lda, const float* b, int ldb,
              bool b_transposed, float* c, int ldc) {
  if (b_transposed) {
    RowsTimesBt<M>(n, k, alpha, a, lda, b, ldb, c, ldc);
  } else {
    RowsTimesB<M>(n, k, alpha, a, lda, b, ldb, c, ldc);
  }
}

}  // namespace

void SmallGemmAvx2(int m, int n, int k, float alpha, const float* a, int lda, const float* b,
                   int ldb, bool b_transposed, float* c, int ldc) {
  switch (m) {
    case 1: return Dispatch<1>(n, k, alpha, a, lda, b, ldb, b_transposed, c, ldc);
    case 2: return Dispatch<2>(n, k, alpha, a, lda, b, ldb, b_transposed, c, ldc);
    case 3: return Dispatch<3>(n, k, alpha, a, lda, b, ldb, b_transposed, c, ldc);
    case 4: return Dispatch<4>(n, k, alpha, a, lda, b, ldb, b_transposed, c, ldc);
    default: return;
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
