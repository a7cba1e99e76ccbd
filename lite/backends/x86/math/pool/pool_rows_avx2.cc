// AVX2 stride-2 row reductions for pool2d (see pool_rows.h). Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/pool/pool_rows.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

inline __m256 Even(__m256 lo, __m256 hi) {
  return _mm256_castpd_ps(_mm256_permute4x64_pd(
      _mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0))),
      _MM_SHUFFLE(3, 1, 2, 0)));
}
inline __m256 Odd(__m256 lo, __m256 hi) {
  return _mm256_castpd_ps(_mm256_permute4x64_pd(
      _mm256_castps_pd(_mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(3, 1, 3, 1))),
      _MM_SHUFFLE(3, 1, 2, 0)));
}

template <int K, bool kMax>
void Reduce(const float* src, int n, float* dst) {
  // The loads of 8 outputs reach src[2o + 15 + K - 2] <= src[2n + K - 2] while o + 8 <= n.
  auto eight = [&](int o) {
    const float* p = src + 2 * o;
    const __m256 lo = _mm256_loadu_ps(p), hi = _mm256_loadu_ps(p + 8);
    __m256 acc = kMax ? _mm256_max_ps(Even(lo, hi), Odd(lo, hi))
                      : _mm256_add_ps(Even(lo, hi), Odd(lo, hi));
    if (K == 3) {
      const __m256 next = Even(_mm256_loadu_ps(p + 2), _mm256_loadu_ps(p + 10));
      acc = kMax ? _mm256_max_ps(acc, next) : _mm256_add_ps(acc, next);
    }
    _mm256_storeu_ps(dst + o, acc);
  };
  int o = 0;
  for (; o + 8 <= n; o += 8) eight(o);
  // The last few outputs as the last 8 again (recomputed, same values).
  if (o < n && n >= 8) {
    eight(n - 8);
    return;
  }
  for (; o < n; ++o) {
    const float* p = src + 2 * o;
    float acc = p[0];
    for (int j = 1; j < K; ++j) acc = kMax ? (p[j] > acc ? p[j] : acc) : acc + p[j];
    dst[o] = acc;
  }
}

// max(acc, v) as std::max(acc, v) picks it: v only where acc < v (acc kept on NaN).
template <bool kMax>
inline __m256 Combine(__m256 acc, __m256 v) {
  return kMax ? _mm256_max_ps(v, acc) : _mm256_add_ps(acc, v);
}
template <bool kMax>
inline float Combine(float acc, float v) {
  return kMax ? (acc < v ? v : acc) : acc + v;
}

template <bool kMax>
void CombineRows(const float* src, int rows, int stride, int n, float* dst) {
  auto eight = [&](int o) {
    __m256 acc = _mm256_loadu_ps(src + o);
    for (int r = 1; r < rows; ++r) {
      acc = Combine<kMax>(acc, _mm256_loadu_ps(src + static_cast<long>(r) * stride + o));
    }
    _mm256_storeu_ps(dst + o, acc);
  };
  int o = 0;
  for (; o + 8 <= n; o += 8) eight(o);
  // The last few outputs as the last 8 again (recomputed, same values; dst is not src).
  if (o < n && n >= 8) {
    eight(n - 8);
    return;
  }
  for (; o < n; ++o) {
    float acc = src[o];
    for (int r = 1; r < rows; ++r) {
      acc = Combine<kMax>(acc, src[static_cast<long>(r) * stride + o]);
    }
    dst[o] = acc;
  }
}

}  // namespace

void PoolCombineRowsAvx2(const float* src, int rows, int stride, int n, bool max, float* dst) {
  if (max) {
    CombineRows<true>(src, rows, stride, n, dst);
  } else {
    CombineRows<false>(src, rows, stride, n, dst);
  }
}

void PoolRowStride2Avx2(const float* src, int n, int kernel, bool max, float* dst) {
  if (kernel == 3) {
    max ? Reduce<3, true>(src, n, dst) : Reduce<3, false>(src, n, dst);
  } else {
    max ? Reduce<2, true>(src, n, dst) : Reduce<2, false>(src, n, dst);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
