// The AVX-512 micro-kernels and GEMV: the only SGEMM file built with -mavx512f (see
// sgemm_kernel.h for why it includes no standard header). A 6 x 32 register tile (12 zmm
// accumulators, each k step 2 loads of B, 6 broadcasts of A folded into the FMAs), and an
// edge kernel that covers any smaller tile with masked loads and stores instead of a scratch
// tile; the activation's vector form (activation_vec.inc) in every epilogue.
#include <immintrin.h>

// GCC 12 flags the deliberately undefined source operand inside the intrinsics' headers.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

#include "lite/backends/x86/math/gemm/sgemm_kernel.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace sgemm_internal {

namespace {

#include "lite/backends/x86/math/vec/vec_avx512.inc"
#include "lite/backends/simd/activation_vec.inc"

using Act = VectorActivation<VecAvx512>;

// How far ahead (floats) the kernels prefetch packed A: ~1 KB, some 40 k steps, about a
// memory latency at the kernel's pace.
constexpr int kPrefetchA = 256;

// act(acc + beta * c + bias) for one 16-column vector (lanes outside `mask` are not read).
__attribute__((always_inline)) inline __m512 Finish(__m512 acc, const float* c,
                                                    __mmask16 mask, float beta, bool has_bias,
                                                    float bias, const Act& act) {
  if (beta != 0.f) {
    acc = _mm512_fmadd_ps(_mm512_set1_ps(beta), _mm512_maskz_loadu_ps(mask, c), acc);
  }
  if (has_bias) acc = _mm512_add_ps(acc, _mm512_set1_ps(bias));
  // No clamp at all for none: tiles of K = 16..32 showed its two operations per vector.
  return act.kind == ActivationType::kNone ? acc : act(acc);
}

// kCols zmm columns (16 floats each) by kMR rows. kMasked: B loads and C accesses are
// limited to nr columns and mr rows.
template <int kCols, bool kMasked>
__attribute__((always_inline)) inline void Tile(int kc, const float* a, const float* b,
                                                long b_stride, float* c, long ldc, float beta,
                                                const TileEpilogue* ep, int mr, int nr) {
  __mmask16 mask[kCols];
#pragma GCC unroll 2
  for (int j = 0; j < kCols; ++j) {
    const int left = nr - 16 * j;
    mask[j] = !kMasked || left >= 16 ? static_cast<__mmask16>(0xFFFF)
                                     : static_cast<__mmask16>((1u << (left > 0 ? left : 0)) - 1);
  }
  __m512 acc[kMR][kCols];
#pragma GCC unroll 6
  for (int r = 0; r < kMR; ++r) {
#pragma GCC unroll 2
    for (int j = 0; j < kCols; ++j) acc[r][j] = _mm512_setzero_ps();
  }
#pragma GCC unroll 4
  for (int p = 0; p < kc; ++p) {
    // Packed A is one sequential stream; weights used once per run come from memory.
    _mm_prefetch(reinterpret_cast<const char*>(a + kPrefetchA), _MM_HINT_T0);
    __m512 bv[kCols];
#pragma GCC unroll 2
    for (int j = 0; j < kCols; ++j) {
      bv[j] = kMasked ? _mm512_maskz_loadu_ps(mask[j], b + 16 * j) : _mm512_loadu_ps(b + 16 * j);
    }
#pragma GCC unroll 6
    for (int r = 0; r < kMR; ++r) {
      const __m512 av = _mm512_set1_ps(a[r]);
#pragma GCC unroll 2
      for (int j = 0; j < kCols; ++j) acc[r][j] = _mm512_fmadd_ps(av, bv[j], acc[r][j]);
    }
    a += kMR;
    b += b_stride;
  }
  const Act act(*ep->act);
  const float* bias = ep->bias;
  const bool has_bias = bias != nullptr;
#pragma GCC unroll 6
  for (int r = 0; r < kMR; ++r) {
    if (kMasked && r >= mr) break;
    float* row = c + r * ldc;
    const float bias_r = has_bias ? bias[r] : 0.f;
#pragma GCC unroll 2
    for (int j = 0; j < kCols; ++j) {
      const __m512 v = Finish(acc[r][j], row + 16 * j, mask[j], beta, has_bias, bias_r, act);
      if (kMasked) {
        _mm512_mask_storeu_ps(row + 16 * j, mask[j], v);
      } else {
        _mm512_storeu_ps(row + 16 * j, v);
      }
    }
  }
}

}  // namespace

void MicroKernelAvx512(int kc, const float* a, const float* b, long b_stride, float* c,
                       long ldc, float beta, const TileEpilogue* ep) {
  Tile<2, false>(kc, a, b, b_stride, c, ldc, beta, ep, kMR, kNR512);
}

void EdgeKernelAvx512(int kc, const float* a, const float* b, long b_stride, float* c,
                      long ldc, float beta, const TileEpilogue* ep, int mr, int nr) {
  if (nr <= 16) {
    Tile<1, true>(kc, a, b, b_stride, c, ldc, beta, ep, mr, nr);
  } else {
    Tile<2, true>(kc, a, b, b_stride, c, ldc, beta, ep, mr, nr);
  }
}

namespace {

// kCols columns of a panel, each one vector along the panel's 6 rows (lanes 0..5), with 4
// accumulators per column over interleaved k steps to cover the FMA latency.
template <int kCols>
void ColumnTail(int kc, const float* a, const float* b, long ldb, float* c, long ldc,
                float beta, const TileEpilogue* ep, int mr) {
  const __mmask16 rows = static_cast<__mmask16>((1u << kMR) - 1);
  __m512 acc[4][kCols];
#pragma GCC unroll 4
  for (int u = 0; u < 4; ++u) {
#pragma GCC unroll 3
    for (int t = 0; t < kCols; ++t) acc[u][t] = _mm512_setzero_ps();
  }
  int p = 0;
  for (; p + 4 <= kc; p += 4) {
#pragma GCC unroll 4
    for (int u = 0; u < 4; ++u) {
      const __m512 av = _mm512_maskz_loadu_ps(rows, a + (p + u) * kMR);
      const float* b_row = b + (p + u) * ldb;
#pragma GCC unroll 3
      for (int t = 0; t < kCols; ++t) {
        acc[u][t] = _mm512_fmadd_ps(av, _mm512_set1_ps(b_row[t]), acc[u][t]);
      }
    }
  }
  for (; p < kc; ++p) {
    const __m512 av = _mm512_maskz_loadu_ps(rows, a + p * kMR);
#pragma GCC unroll 3
    for (int t = 0; t < kCols; ++t) {
      acc[0][t] = _mm512_fmadd_ps(av, _mm512_set1_ps(b[p * ldb + t]), acc[0][t]);
    }
  }
  const Act act(*ep->act);
  const __mmask16 valid = static_cast<__mmask16>((1u << mr) - 1);
  // Row r of C column t lives at c + r * ldc + t: gathered and scattered by lane.
  const __m512i row_offsets =
      _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                         _mm512_set1_epi32(static_cast<int>(ldc)));
  const __m512 bias = ep->bias ? _mm512_maskz_loadu_ps(valid, ep->bias) : _mm512_setzero_ps();
#pragma GCC unroll 3
  for (int t = 0; t < kCols; ++t) {
    __m512 v = _mm512_add_ps(_mm512_add_ps(acc[0][t], acc[1][t]),
                             _mm512_add_ps(acc[2][t], acc[3][t]));
    if (beta != 0.f) {
      const __m512 old = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), valid, row_offsets,
                                                  c + t, 4);
      v = _mm512_fmadd_ps(_mm512_set1_ps(beta), old, v);
    }
    v = _mm512_add_ps(v, bias);
    v = act(v);
    _mm512_mask_i32scatter_ps(c + t, valid, row_offsets, v, 4);
  }
}

// 6 x 48 row-vector accumulators plus kTail column vectors, B in place.
template <int kTail>
void WideTile(int kc, const float* a, const float* b, long ldb, float* c, long ldc, float beta,
              const TileEpilogue* ep, int mr) {
  constexpr int kCols = 3;
  const __mmask16 rows = static_cast<__mmask16>((1u << kMR) - 1);
  __m512 acc[kMR][kCols];
  __m512 tail[kTail > 0 ? kTail : 1];
#pragma GCC unroll 6
  for (int r = 0; r < kMR; ++r) {
#pragma GCC unroll 3
    for (int j = 0; j < kCols; ++j) acc[r][j] = _mm512_setzero_ps();
  }
#pragma GCC unroll 3
  for (int t = 0; t < kTail; ++t) tail[t] = _mm512_setzero_ps();
#pragma GCC unroll 2
  for (int p = 0; p < kc; ++p) {
    _mm_prefetch(reinterpret_cast<const char*>(a + kPrefetchA), _MM_HINT_T0);
    __m512 bv[kCols];
#pragma GCC unroll 3
    for (int j = 0; j < kCols; ++j) bv[j] = _mm512_loadu_ps(b + 16 * j);
#pragma GCC unroll 6
    for (int r = 0; r < kMR; ++r) {
      const __m512 av = _mm512_set1_ps(a[r]);
#pragma GCC unroll 3
      for (int j = 0; j < kCols; ++j) acc[r][j] = _mm512_fmadd_ps(av, bv[j], acc[r][j]);
    }
    if (kTail > 0) {
      const __m512 a_col = _mm512_maskz_loadu_ps(rows, a);
#pragma GCC unroll 3
      for (int t = 0; t < kTail; ++t) {
        tail[t] = _mm512_fmadd_ps(a_col, _mm512_set1_ps(b[16 * kCols + t]), tail[t]);
      }
    }
    a += kMR;
    b += ldb;
  }
  const Act act(*ep->act);
  const float* bias = ep->bias;
  const bool has_bias = bias != nullptr;
#pragma GCC unroll 6
  for (int r = 0; r < kMR; ++r) {
    if (r >= mr) break;
    float* row = c + r * ldc;
    const float bias_r = has_bias ? bias[r] : 0.f;
#pragma GCC unroll 3
    for (int j = 0; j < kCols; ++j) {
      _mm512_storeu_ps(row + 16 * j, Finish(acc[r][j], row + 16 * j, static_cast<__mmask16>(0xFFFF),
                                            beta, has_bias, bias_r, act));
    }
  }
  if (kTail > 0) {
    const __mmask16 valid = static_cast<__mmask16>((1u << mr) - 1);
    const __m512i row_offsets =
        _mm512_mullo_epi32(_mm512_setr_epi32(0, 1, 2, 3, 4, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0),
                           _mm512_set1_epi32(static_cast<int>(ldc)));
    const __m512 bias_v = has_bias ? _mm512_maskz_loadu_ps(valid, bias) : _mm512_setzero_ps();
    float* c_tail = c + 16 * kCols;
#pragma GCC unroll 3
    for (int t = 0; t < kTail; ++t) {
      __m512 v = tail[t];
      if (beta != 0.f) {
        const __m512 old = _mm512_mask_i32gather_ps(_mm512_setzero_ps(), valid, row_offsets,
                                                    c_tail + t, 4);
        v = _mm512_fmadd_ps(_mm512_set1_ps(beta), old, v);
      }
      v = act(_mm512_add_ps(v, bias_v));
      _mm512_mask_i32scatter_ps(c_tail + t, valid, row_offsets, v, 4);
    }
  }
}

}  // namespace

void WideTileAvx512(int kc, const float* a, const float* b, long ldb, float* c, long ldc,
                    float beta, const TileEpilogue* ep, int mr, int cols) {
  switch (cols) {
    case 0:
      WideTile<0>(kc, a, b, ldb, c, ldc, beta, ep, mr);
      break;
    case 1:
      WideTile<1>(kc, a, b, ldb, c, ldc, beta, ep, mr);
      break;
    case 2:
      WideTile<2>(kc, a, b, ldb, c, ldc, beta, ep, mr);
      break;
    default:
      WideTile<3>(kc, a, b, ldb, c, ldc, beta, ep, mr);
      break;
  }
}

void ColumnTailAvx512(int kc, const float* a, const float* b, long ldb, float* c, long ldc,
                      float beta, const TileEpilogue* ep, int mr, int cols) {
  switch (cols) {
    case 1:
      ColumnTail<1>(kc, a, b, ldb, c, ldc, beta, ep, mr);
      break;
    case 2:
      ColumnTail<2>(kc, a, b, ldb, c, ldc, beta, ep, mr);
      break;
    default:
      ColumnTail<3>(kc, a, b, ldb, c, ldc, beta, ep, mr);
      break;
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

// kRows rows of Y by kCols zmm columns: acc[r][j] += x[r][p] * w[p][16 j ..]; the last
// block of a strip is masked (kMasked) to `n` columns.
template <int kRows, int kCols, bool kMasked>
__attribute__((always_inline)) inline void GemvBlock(int n, int k, const float* x, long ldx,
                                                     const float* w, long ldw, float* y,
                                                     long ldy, const float* bias,
                                                     const TileEpilogue* ep) {
  const Act act(*ep->act);
  __mmask16 mask[kCols];
#pragma GCC unroll 8
  for (int j = 0; j < kCols; ++j) {
    const int left = n - 16 * j;
    mask[j] = !kMasked || left >= 16 ? static_cast<__mmask16>(0xFFFF)
                                     : static_cast<__mmask16>((1u << (left > 0 ? left : 0)) - 1);
  }
  __m512 acc[kRows][kCols];
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r) {
#pragma GCC unroll 8
    for (int j = 0; j < kCols; ++j) acc[r][j] = _mm512_setzero_ps();
  }
#pragma GCC unroll 2
  for (int p = 0; p < k; ++p) {
    const float* w_row = w + p * ldw;
    __m512 wv[kCols];
#pragma GCC unroll 8
    for (int j = 0; j < kCols; ++j) {
      wv[j] = kMasked ? _mm512_maskz_loadu_ps(mask[j], w_row + 16 * j)
                      : _mm512_loadu_ps(w_row + 16 * j);
    }
#pragma GCC unroll 4
    for (int r = 0; r < kRows; ++r) {
      const __m512 xv = _mm512_set1_ps(x[r * ldx + p]);
#pragma GCC unroll 8
      for (int j = 0; j < kCols; ++j) acc[r][j] = _mm512_fmadd_ps(xv, wv[j], acc[r][j]);
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r) {
#pragma GCC unroll 8
    for (int j = 0; j < kCols; ++j) {
      __m512 v = acc[r][j];
      if (bias) v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask[j], bias + 16 * j));
      v = act(v);
      _mm512_mask_storeu_ps(y + r * ldy + 16 * j, mask[j], v);
    }
  }
}

// Columns in blocks of 16 * kCols, then 16-wide masked blocks for the rest.
template <int kRows, int kCols>
void GemvRows(int n, int k, const float* x, long ldx, const float* w, long ldw, float* y,
              long ldy, const float* bias, const TileEpilogue* ep) {
  int j = 0;
  for (; j + 16 * kCols <= n; j += 16 * kCols) {
    GemvBlock<kRows, kCols, false>(16 * kCols, k, x, ldx, w + j, ldw, y + j, ldy,
                                   bias ? bias + j : nullptr, ep);
  }
  for (; j < n; j += 16) {
    GemvBlock<kRows, 1, true>(n - j, k, x, ldx, w + j, ldw, y + j, ldy,
                              bias ? bias + j : nullptr, ep);
  }
}

}  // namespace

namespace {

// One row of X: sweeps of kSweep rows of W, each read start to end (kSweep sequential
// streams), accumulating into y (in L1). W comes from memory (a classifier's weights are
// read once per run); each sweep also asks for the rows kPrefetchSweeps sweeps ahead, so
// the loads of the next rows overlap this sweep's multiply-adds.
constexpr int kPrefetchSweeps = 2;
template <int kSweep>
__attribute__((always_inline)) inline void GemvSweep(int n, const float* x, const float* w,
                                                     long ldw, float* y, bool first) {
  __m512 xv[kSweep];
#pragma GCC unroll 8
  for (int q = 0; q < kSweep; ++q) xv[q] = _mm512_set1_ps(x[q]);
  for (int j = 0; j < n; j += 16) {
    const int left = n - j;
    const __mmask16 mask =
        left >= 16 ? static_cast<__mmask16>(0xFFFF) : static_cast<__mmask16>((1u << left) - 1);
    __m512 acc = first ? _mm512_setzero_ps() : _mm512_maskz_loadu_ps(mask, y + j);
#pragma GCC unroll 8
    for (int q = 0; q < kSweep; ++q) {
      _mm_prefetch(reinterpret_cast<const char*>(w + (kPrefetchSweeps * kSweep + q) * ldw + j),
                   _MM_HINT_T0);
      acc = _mm512_fmadd_ps(xv[q], _mm512_maskz_loadu_ps(mask, w + q * ldw + j), acc);
    }
    _mm512_mask_storeu_ps(y + j, mask, acc);
  }
}

void GemvOneRow(int n, int k, const float* x, const float* w, long ldw, float* y,
                const float* bias, const TileEpilogue* ep) {
  constexpr int kSweep = 8;
  int p = 0;
  for (; p + kSweep <= k; p += kSweep) GemvSweep<kSweep>(n, x + p, w + p * ldw, ldw, y, p == 0);
  for (; p < k; ++p) GemvSweep<1>(n, x + p, w + p * ldw, ldw, y, p == 0);
  const Act act(*ep->act);
  for (int j = 0; j < n; j += 16) {
    const int left = n - j;
    const __mmask16 mask =
        left >= 16 ? static_cast<__mmask16>(0xFFFF) : static_cast<__mmask16>((1u << left) - 1);
    __m512 v = k > 0 ? _mm512_maskz_loadu_ps(mask, y + j) : _mm512_setzero_ps();
    if (bias) v = _mm512_add_ps(v, _mm512_maskz_loadu_ps(mask, bias + j));
    _mm512_mask_storeu_ps(y + j, mask, act(v));
  }
}

}  // namespace

void GemvKernelAvx512(int rows, int n, int k, const float* x, long ldx, const float* w,
                      long ldw, float* y, long ldy, const float* bias, const TileEpilogue* ep) {
  switch (rows) {
    case 1:  // row sweeps: 10-20% faster than column blocks held in registers
      GemvOneRow(n, k, x, w, ldw, y, bias, ep);
      break;
    case 2:
      GemvRows<2, 4>(n, k, x, ldx, w, ldw, y, ldy, bias, ep);
      break;
    case 3:
      GemvRows<3, 4>(n, k, x, ldx, w, ldw, y, ldy, bias, ep);
      break;
    default:
      GemvRows<4, 4>(n, k, x, ldx, w, ldw, y, ldy, bias, ep);
      break;
  }
}

}  // namespace sgemm_internal
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
