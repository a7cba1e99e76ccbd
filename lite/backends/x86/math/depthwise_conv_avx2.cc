// AVX2/FMA direct depthwise convolution (see depthwise_conv.h). Built with -mavx2 -mfma.
#include <immintrin.h>

#include <algorithm>
#include <cstring>

#include "lite/backends/x86/math/depthwise_conv.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

// Eight consecutive stride-2 inputs starting at `src`: src[0], src[2], ..., src[14].
inline __m256 LoadEven(const float* src) {
  const __m256 lo = _mm256_loadu_ps(src);
  const __m256 hi = _mm256_loadu_ps(src + 8);
  // Per 128-bit lane: lo0 lo2 hi0 hi2 | lo4 lo6 hi4 hi6; then order the 64-bit halves.
  const __m256 mixed = _mm256_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0));
  return _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(mixed), _MM_SHUFFLE(3, 1, 2, 0)));
}

template <int K, int S>
void ConvRows(const float* padded, int padded_w, const float* filter, float bias,
              const DepthwisePlane& p, DepthwiseActivation act, float relu6_threshold,
              float* out) {
  __m256 w[K * K];
  for (int i = 0; i < K * K; ++i) w[i] = _mm256_set1_ps(filter[i]);
  const __m256 vbias = _mm256_set1_ps(bias);
  const __m256 zero = _mm256_setzero_ps();
  const __m256 six = _mm256_set1_ps(relu6_threshold);
  const int full = p.out_w / 8 * 8;
  for (int oy = 0; oy < p.out_h; ++oy) {
    const float* rows = padded + static_cast<size_t>(oy) * S * padded_w;
    float* dst = out + static_cast<size_t>(oy) * p.out_w;
    for (int ox = 0; ox < p.out_w; ox += 8) {
      __m256 acc = vbias;
      for (int ky = 0; ky < K; ++ky) {
        const float* src = rows + static_cast<size_t>(ky) * padded_w + ox * S;
        for (int kx = 0; kx < K; ++kx) {
          const __m256 v = S == 1 ? _mm256_loadu_ps(src + kx) : LoadEven(src + kx);
          acc = _mm256_fmadd_ps(v, w[ky * K + kx], acc);
        }
      }
      if (act != DepthwiseActivation::kNone) acc = _mm256_max_ps(acc, zero);
      if (act == DepthwiseActivation::kRelu6) acc = _mm256_min_ps(acc, six);
      if (ox < full) {
        _mm256_storeu_ps(dst + ox, acc);
      } else {  // the row's tail: the scratch had the columns, the output does not
        alignas(32) float tail[8];
        _mm256_store_ps(tail, acc);
        std::memcpy(dst + ox, tail, sizeof(float) * (p.out_w - ox));
      }
    }
  }
}

}  // namespace

void DepthwiseConvPlaneAvx2(const float* in, const float* filter, float bias,
                            const DepthwisePlane& p, DepthwiseActivation act,
                            float relu6_threshold, float* scratch, float* out) {
  if (p.out_h <= 0 || p.out_w <= 0) return;
  const int padded_w = DepthwisePaddedWidth(p);
  const int padded_h = DepthwisePaddedHeight(p);
  std::fill(scratch, scratch + static_cast<size_t>(padded_w) * padded_h, 0.f);
  // Input rows/columns past what any window reads (bottom/right padding) are not copied.
  const int rows = std::min(p.in_h, padded_h - p.pad_top);
  const int cols = std::min(p.in_w, padded_w - p.pad_left);
  for (int y = 0; y < rows; ++y) {
    if (cols <= 0) break;
    std::memcpy(scratch + static_cast<size_t>(y + p.pad_top) * padded_w + p.pad_left,
                in + static_cast<size_t>(y) * p.in_w, sizeof(float) * cols);
  }
  if (p.kernel == 3 && p.stride == 1) {
    ConvRows<3, 1>(scratch, padded_w, filter, bias, p, act, relu6_threshold, out);
  } else if (p.kernel == 3) {
    ConvRows<3, 2>(scratch, padded_w, filter, bias, p, act, relu6_threshold, out);
  } else if (p.stride == 1) {
    ConvRows<5, 1>(scratch, padded_w, filter, bias, p, act, relu6_threshold, out);
  } else {
    ConvRows<5, 2>(scratch, padded_w, filter, bias, p, act, relu6_threshold, out);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
