// The AVX2/FMA micro-kernel and GEMV, with the activation's vector form in the epilogue.
// Built with -mavx2 -mfma (see sgemm_kernel.h for why it includes no standard header).
#include <immintrin.h>

#include "lite/backends/x86/math/gemm/sgemm_kernel.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace sgemm_internal {

namespace {

#include "lite/backends/x86/math/vec/vec_avx2.inc"
#include "lite/backends/simd/activation_vec.inc"

using Act = VectorActivation<VecAvx2>;

// act(acc + beta * c + bias) for one 8-column vector.
__attribute__((always_inline)) inline __m256 Finish(__m256 acc, const float* c, float beta,
                                                    __m256 vbeta, bool has_bias, float bias,
                                                    const Act& act) {
  if (beta != 0.f) acc = _mm256_fmadd_ps(vbeta, _mm256_loadu_ps(c), acc);
  if (has_bias) acc = _mm256_add_ps(acc, _mm256_set1_ps(bias));
  // No clamp at all for none: tiles of K = 16..32 showed its two operations per vector.
  return act.kind == ActivationType::kNone ? acc : act(acc);
}

}  // namespace

void MicroKernelAvx2(int kc, const float* a, const float* b, long b_stride, float* c,
                     long ldc, float beta, const TileEpilogue* ep) {
  __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps();
  __m256 c10 = _mm256_setzero_ps(), c11 = _mm256_setzero_ps();
  __m256 c20 = _mm256_setzero_ps(), c21 = _mm256_setzero_ps();
  __m256 c30 = _mm256_setzero_ps(), c31 = _mm256_setzero_ps();
  __m256 c40 = _mm256_setzero_ps(), c41 = _mm256_setzero_ps();
  __m256 c50 = _mm256_setzero_ps(), c51 = _mm256_setzero_ps();

#define PLITE_SGEMM_STEP(A, B)                                   \
  do {                                                           \
    _mm_prefetch(reinterpret_cast<const char*>((A) + 256), _MM_HINT_T0); \
    const __m256 b0 = _mm256_loadu_ps(B);                        \
    const __m256 b1 = _mm256_loadu_ps((B) + 8);                  \
    __m256 av = _mm256_broadcast_ss((A) + 0);                    \
    c00 = _mm256_fmadd_ps(av, b0, c00);                          \
    c01 = _mm256_fmadd_ps(av, b1, c01);                          \
    av = _mm256_broadcast_ss((A) + 1);                           \
    c10 = _mm256_fmadd_ps(av, b0, c10);                          \
    c11 = _mm256_fmadd_ps(av, b1, c11);                          \
    av = _mm256_broadcast_ss((A) + 2);                           \
    c20 = _mm256_fmadd_ps(av, b0, c20);                          \
    c21 = _mm256_fmadd_ps(av, b1, c21);                          \
    av = _mm256_broadcast_ss((A) + 3);                           \
    c30 = _mm256_fmadd_ps(av, b0, c30);                          \
    c31 = _mm256_fmadd_ps(av, b1, c31);                          \
    av = _mm256_broadcast_ss((A) + 4);                           \
    c40 = _mm256_fmadd_ps(av, b0, c40);                          \
    c41 = _mm256_fmadd_ps(av, b1, c41);                          \
    av = _mm256_broadcast_ss((A) + 5);                           \
    c50 = _mm256_fmadd_ps(av, b0, c50);                          \
    c51 = _mm256_fmadd_ps(av, b1, c51);                          \
  } while (0)

  // Each step prefetches packed A ~1 KB ahead: it is one sequential stream, and weights
  // used once per run come from memory.
  int p = 0;
  for (; p + 4 <= kc; p += 4) {
    PLITE_SGEMM_STEP(a, b);
    PLITE_SGEMM_STEP(a + kMR, b + b_stride);
    PLITE_SGEMM_STEP(a + 2 * kMR, b + 2 * b_stride);
    PLITE_SGEMM_STEP(a + 3 * kMR, b + 3 * b_stride);
    a += 4 * kMR;
    b += 4 * b_stride;
  }
  for (; p < kc; ++p) {
    PLITE_SGEMM_STEP(a, b);
    a += kMR;
    b += b_stride;
  }
#undef PLITE_SGEMM_STEP

  const __m256 vbeta = _mm256_set1_ps(beta);
  const Act act(*ep->act);
  const float* bias = ep->bias;
  const bool has_bias = bias != nullptr;
#define PLITE_SGEMM_STORE(R, LO, HI)                                                  \
  do {                                                                                \
    float* row = c + (R) * ldc;                                                       \
    const float bias_r = has_bias ? bias[R] : 0.f;                                    \
    _mm256_storeu_ps(row, Finish(LO, row, beta, vbeta, has_bias, bias_r, act));       \
    _mm256_storeu_ps(row + 8, Finish(HI, row + 8, beta, vbeta, has_bias, bias_r, act)); \
  } while (0)
  PLITE_SGEMM_STORE(0, c00, c01);
  PLITE_SGEMM_STORE(1, c10, c11);
  PLITE_SGEMM_STORE(2, c20, c21);
  PLITE_SGEMM_STORE(3, c30, c31);
  PLITE_SGEMM_STORE(4, c40, c41);
  PLITE_SGEMM_STORE(5, c50, c51);
#undef PLITE_SGEMM_STORE
}

void MicroKernelAvx2Narrow(int kc, const float* a, const float* b, long b_stride, float* c,
                           long ldc, float beta, const TileEpilogue* ep) {
  __m256 c0 = _mm256_setzero_ps(), c1 = _mm256_setzero_ps(), c2 = _mm256_setzero_ps();
  __m256 c3 = _mm256_setzero_ps(), c4 = _mm256_setzero_ps(), c5 = _mm256_setzero_ps();
  for (int p = 0; p < kc; ++p) {
    const __m256 b0 = _mm256_loadu_ps(b);
    c0 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 0), b0, c0);
    c1 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 1), b0, c1);
    c2 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 2), b0, c2);
    c3 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 3), b0, c3);
    c4 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 4), b0, c4);
    c5 = _mm256_fmadd_ps(_mm256_broadcast_ss(a + 5), b0, c5);
    a += kMR;
    b += b_stride;
  }
  const __m256 vbeta = _mm256_set1_ps(beta);
  const Act act(*ep->act);
  const float* bias = ep->bias;
  const bool has_bias = bias != nullptr;
  const __m256 acc[kMR] = {c0, c1, c2, c3, c4, c5};
  for (int r = 0; r < kMR; ++r) {
    float* row = c + r * ldc;
    _mm256_storeu_ps(row,
                     Finish(acc[r], row, beta, vbeta, has_bias, has_bias ? bias[r] : 0.f, act));
  }
}

}  // namespace sgemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle

// ---- Few-row GEMM (gemv.cc): W streamed once, vectorized over its columns. ----
namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace sgemm_internal {

namespace {

// Lanes < n (n may exceed 8: all lanes).
__attribute__((always_inline)) inline __m256i LaneMask(int n) {
  return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

// kRows rows of Y by kCols ymm columns; the last block of a strip is masked (kMasked) to n.
template <int kRows, int kCols, bool kMasked>
__attribute__((always_inline)) inline void GemvBlock(int n, int k, const float* x, long ldx,
                                                     const float* w, long ldw, float* y,
                                                     long ldy, const float* bias,
                                                     const TileEpilogue* ep) {
  const __m256i mask = LaneMask(n);  // only used by the masked (single-column) variant
  const Act act(*ep->act);
  __m256 acc[kRows][kCols];
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r) {
#pragma GCC unroll 8
    for (int j = 0; j < kCols; ++j) acc[r][j] = _mm256_setzero_ps();
  }
#pragma GCC unroll 2
  for (int p = 0; p < k; ++p) {
    const float* w_row = w + p * ldw;
    __m256 wv[kCols];
#pragma GCC unroll 8
    for (int j = 0; j < kCols; ++j) {
      wv[j] = kMasked ? _mm256_maskload_ps(w_row, mask) : _mm256_loadu_ps(w_row + 8 * j);
    }
#pragma GCC unroll 4
    for (int r = 0; r < kRows; ++r) {
      const __m256 xv = _mm256_broadcast_ss(x + r * ldx + p);
#pragma GCC unroll 8
      for (int j = 0; j < kCols; ++j) acc[r][j] = _mm256_fmadd_ps(xv, wv[j], acc[r][j]);
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r) {
#pragma GCC unroll 8
    for (int j = 0; j < kCols; ++j) {
      __m256 v = acc[r][j];
      if (bias) {
        v = _mm256_add_ps(v, kMasked ? _mm256_maskload_ps(bias, mask)
                                     : _mm256_loadu_ps(bias + 8 * j));
      }
      v = act(v);
      if (kMasked) {
        _mm256_maskstore_ps(y + r * ldy, mask, v);
      } else {
        _mm256_storeu_ps(y + r * ldy + 8 * j, v);
      }
    }
  }
}

template <int kRows, int kCols>
void GemvRows(int n, int k, const float* x, long ldx, const float* w, long ldw, float* y,
              long ldy, const float* bias, const TileEpilogue* ep) {
  int j = 0;
  for (; j + 8 * kCols <= n; j += 8 * kCols) {
    GemvBlock<kRows, kCols, false>(8 * kCols, k, x, ldx, w + j, ldw, y + j, ldy,
                                   bias ? bias + j : nullptr, ep);
  }
  for (; j < n; j += 8) {
    GemvBlock<kRows, 1, true>(n - j, k, x, ldx, w + j, ldw, y + j, ldy,
                              bias ? bias + j : nullptr, ep);
  }
}

}  // namespace

namespace {

// One row of X: sweeps of kSweep rows of W, each read start to end (sequential streams),
// accumulating into y (in L1); each sweep asks for the rows kPrefetchSweeps sweeps ahead
// (W comes from memory: see the AVX-512 kernel).
constexpr int kPrefetchSweeps = 2;
template <int kSweep>
__attribute__((always_inline)) inline void GemvSweep(int n, const float* x, const float* w,
                                                     long ldw, float* y, bool first) {
  __m256 xv[kSweep];
#pragma GCC unroll 8
  for (int q = 0; q < kSweep; ++q) xv[q] = _mm256_broadcast_ss(x + q);
  int j = 0;
  for (; j + 8 <= n; j += 8) {
    __m256 acc = first ? _mm256_setzero_ps() : _mm256_loadu_ps(y + j);
#pragma GCC unroll 8
    for (int q = 0; q < kSweep; ++q) {
      _mm_prefetch(reinterpret_cast<const char*>(w + (kPrefetchSweeps * kSweep + q) * ldw + j),
                   _MM_HINT_T0);
      acc = _mm256_fmadd_ps(xv[q], _mm256_loadu_ps(w + q * ldw + j), acc);
    }
    _mm256_storeu_ps(y + j, acc);
  }
  if (j < n) {
    const __m256i mask = LaneMask(n - j);
    __m256 acc = first ? _mm256_setzero_ps() : _mm256_maskload_ps(y + j, mask);
#pragma GCC unroll 8
    for (int q = 0; q < kSweep; ++q) {
      acc = _mm256_fmadd_ps(xv[q], _mm256_maskload_ps(w + q * ldw + j, mask), acc);
    }
    _mm256_maskstore_ps(y + j, mask, acc);
  }
}

void GemvOneRow(int n, int k, const float* x, const float* w, long ldw, float* y,
                const float* bias, const TileEpilogue* ep) {
  constexpr int kSweep = 8;
  int p = 0;
  for (; p + kSweep <= k; p += kSweep) GemvSweep<kSweep>(n, x + p, w + p * ldw, ldw, y, p == 0);
  for (; p < k; ++p) GemvSweep<1>(n, x + p, w + p * ldw, ldw, y, p == 0);
  const Act act(*ep->act);
  for (int j = 0; j < n; j += 8) {
    const __m256i mask = LaneMask(n - j);
    __m256 v = k > 0 ? _mm256_maskload_ps(y + j, mask) : _mm256_setzero_ps();
    if (bias) v = _mm256_add_ps(v, _mm256_maskload_ps(bias + j, mask));
    _mm256_maskstore_ps(y + j, mask, act(v));
  }
}

}  // namespace

void GemvKernelAvx2(int rows, int n, int k, const float* x, long ldx, const float* w, long ldw,
                    float* y, long ldy, const float* bias, const TileEpilogue* ep) {
  switch (rows) {
    case 1:  // row sweeps, as in the AVX-512 kernel
      GemvOneRow(n, k, x, w, ldw, y, bias, ep);
      break;
    case 2:
      GemvRows<2, 4>(n, k, x, ldx, w, ldw, y, ldy, bias, ep);
      break;
    case 3:
      GemvRows<3, 3>(n, k, x, ldx, w, ldw, y, ldy, bias, ep);
      break;
    default:
      GemvRows<4, 2>(n, k, x, ldx, w, ldw, y, ldy, bias, ep);
      break;
  }
}

}  // namespace sgemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
