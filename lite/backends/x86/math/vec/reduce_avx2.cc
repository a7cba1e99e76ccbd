// AVX2 sum / max / min reductions (reduce_avx2.h). Built with -mavx2 -mfma.
#include "lite/backends/x86/math/vec/reduce_avx2.h"

#include <immintrin.h>

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

template <ReduceKind kKind>
__m256 Fold(__m256 a, __m256 b) {
  if (kKind == ReduceKind::kSum) return _mm256_add_ps(a, b);
  if (kKind == ReduceKind::kMax) return _mm256_max_ps(a, b);
  return _mm256_min_ps(a, b);
}

template <ReduceKind kKind>
float Fold(float a, float b) {
  if (kKind == ReduceKind::kSum) return a + b;
  if (kKind == ReduceKind::kMax) return a > b ? a : b;
  return a < b ? a : b;
}

template <ReduceKind kKind>
float Horizontal(__m256 v) {
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, v);
  float r = lanes[0];
  for (int i = 1; i < 8; ++i) r = Fold<kKind>(r, lanes[i]);
  return r;
}

// Sums run in float over chunks of this many values (rounding stays near the chunk's
// magnitude) and add the chunks' sums in double, so a long sum keeps its precision.
constexpr long long kSumChunk = 2048;

// Four independent vector accumulators hide the add latency.
template <ReduceKind kKind>
float ReduceChunk(const float* x, long long n) {
  long long i = 0;
  float r = x[0];
  if (n >= 32) {
    __m256 a0 = _mm256_loadu_ps(x), a1 = _mm256_loadu_ps(x + 8);
    __m256 a2 = _mm256_loadu_ps(x + 16), a3 = _mm256_loadu_ps(x + 24);
    for (i = 32; i + 32 <= n; i += 32) {
      a0 = Fold<kKind>(a0, _mm256_loadu_ps(x + i));
      a1 = Fold<kKind>(a1, _mm256_loadu_ps(x + i + 8));
      a2 = Fold<kKind>(a2, _mm256_loadu_ps(x + i + 16));
      a3 = Fold<kKind>(a3, _mm256_loadu_ps(x + i + 24));
    }
    for (; i + 8 <= n; i += 8) a0 = Fold<kKind>(a0, _mm256_loadu_ps(x + i));
    r = Horizontal<kKind>(Fold<kKind>(Fold<kKind>(a0, a1), Fold<kKind>(a2, a3)));
  } else {
    i = 1;
  }
  for (; i < n; ++i) r = Fold<kKind>(r, x[i]);
  return r;
}

template <ReduceKind kKind>
float ReduceRow(const float* x, long long n) {
  if (kKind != ReduceKind::kSum || n <= kSumChunk) return ReduceChunk<kKind>(x, n);
  double total = 0;
  for (long long i = 0; i < n; i += kSumChunk) {
    total += ReduceChunk<kKind>(x + i, n - i < kSumChunk ? n - i : kSumChunk);
  }
  return static_cast<float>(total);
}

// Eight columns of rows [r0, r1) folded, starting from row r0.
template <ReduceKind kKind>
__m256 ColumnsChunk(const float* x, long long r0, long long r1, long long inner) {
  __m256 acc = _mm256_loadu_ps(x + r0 * inner);
  for (long long r = r0 + 1; r < r1; ++r) acc = Fold<kKind>(acc, _mm256_loadu_ps(x + r * inner));
  return acc;
}

template <ReduceKind kKind>
void ReduceColumns(const float* x, long long count, long long inner, float* out) {
  long long j = 0;
  for (; j + 8 <= inner; j += 8) {
    if (kKind != ReduceKind::kSum || count <= kSumChunk) {
      _mm256_storeu_ps(out + j, ColumnsChunk<kKind>(x + j, 0, count, inner));
      continue;
    }
    __m256d lo = _mm256_setzero_pd(), hi = _mm256_setzero_pd();
    for (long long r0 = 0; r0 < count; r0 += kSumChunk) {
      const long long r1 = count - r0 < kSumChunk ? count : r0 + kSumChunk;
      const __m256 part = ColumnsChunk<kKind>(x + j, r0, r1, inner);
      lo = _mm256_add_pd(lo, _mm256_cvtps_pd(_mm256_castps256_ps128(part)));
      hi = _mm256_add_pd(hi, _mm256_cvtps_pd(_mm256_extractf128_ps(part, 1)));
    }
    _mm_storeu_ps(out + j, _mm256_cvtpd_ps(lo));
    _mm_storeu_ps(out + j + 4, _mm256_cvtpd_ps(hi));
  }
  for (; j < inner; ++j) {
    if (kKind == ReduceKind::kSum) {
      double acc = 0;
      for (long long r = 0; r < count; ++r) acc += x[r * inner + j];
      out[j] = static_cast<float>(acc);
    } else {
      float acc = x[j];
      for (long long r = 1; r < count; ++r) acc = Fold<kKind>(acc, x[r * inner + j]);
      out[j] = acc;
    }
  }
}

template <ReduceKind kKind>
void ReduceRowsOf(const float* x, long long rows, long long n, float* out) {
  for (long long i = 0; i < rows; ++i) out[i] = ReduceRow<kKind>(x + i * n, n);
}

}  // namespace

void ReduceRowsAvx2(const float* x, long long rows, long long n, ReduceKind kind, float* out) {
  switch (kind) {
    case ReduceKind::kSum: return ReduceRowsOf<ReduceKind::kSum>(x, rows, n, out);
    case ReduceKind::kMax: return ReduceRowsOf<ReduceKind::kMax>(x, rows, n, out);
    case ReduceKind::kMin: return ReduceRowsOf<ReduceKind::kMin>(x, rows, n, out);
  }
}

void ReduceColumnsAvx2(const float* x, long long count, long long inner, ReduceKind kind,
                       float* out) {
  switch (kind) {
    case ReduceKind::kSum: return ReduceColumns<ReduceKind::kSum>(x, count, inner, out);
    case ReduceKind::kMax: return ReduceColumns<ReduceKind::kMax>(x, count, inner, out);
    case ReduceKind::kMin: return ReduceColumns<ReduceKind::kMin>(x, count, inner, out);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
