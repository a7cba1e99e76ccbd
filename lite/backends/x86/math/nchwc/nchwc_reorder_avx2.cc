// NCHW <-> NCHW16c reorders of one channel block (PackChannelBlock / UnpackChannelBlock,
// nchwc_math.h): AVX2 8x8 transposes for full blocks. Built with -mavx2 -mfma.
#include <immintrin.h>

#include "lite/backends/x86/math/nchwc/nchwc_math.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

// Transposes the 8x8 matrix held in rows r[0..7] in place.
inline void Transpose8x8(__m256 r[8]) {
  __m256 t[8];
  for (int i = 0; i < 8; i += 2) {
    t[i] = _mm256_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm256_unpackhi_ps(r[i], r[i + 1]);
  }
  __m256 u[8];
  for (int i = 0; i < 8; i += 4) {
    u[i] = _mm256_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(1, 0, 1, 0));
    u[i + 1] = _mm256_shuffle_ps(t[i], t[i + 2], _MM_SHUFFLE(3, 2, 3, 2));
    u[i + 2] = _mm256_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(1, 0, 1, 0));
    u[i + 3] = _mm256_shuffle_ps(t[i + 1], t[i + 3], _MM_SHUFFLE(3, 2, 3, 2));
  }
  for (int i = 0; i < 4; ++i) {
    r[i] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x20);
    r[i + 4] = _mm256_permute2f128_ps(u[i], u[i + 4], 0x31);
  }
}

}  // namespace

void PackChannelBlock(const float* src, int64_t src_stride, int channels, int64_t plane,
                      float* dst) {
  int64_t p = 0;
  if (channels == 16) {
    for (; p + 8 <= plane; p += 8) {
      for (int half = 0; half < 2; ++half) {  // channels 0-7, then 8-15
        __m256 r[8];
        for (int c = 0; c < 8; ++c) r[c] = _mm256_loadu_ps(src + (half * 8 + c) * src_stride + p);
        Transpose8x8(r);  // r[i] = pixel p + i, channels half*8 .. +8
        for (int i = 0; i < 8; ++i) _mm256_storeu_ps(dst + (p + i) * 16 + half * 8, r[i]);
      }
    }
  }
  for (; p < plane; ++p) {
    float* d = dst + p * 16;
    int c = 0;
    for (; c < channels; ++c) d[c] = src[c * src_stride + p];
    for (; c < 16; ++c) d[c] = 0.f;
  }
}

void UnpackChannelBlock(const float* src, int channels, int64_t plane, float* dst,
                        int64_t dst_stride) {
  int64_t p = 0;
  if (channels == 16) {
    for (; p + 8 <= plane; p += 8) {
      for (int half = 0; half < 2; ++half) {
        __m256 r[8];
        for (int i = 0; i < 8; ++i) r[i] = _mm256_loadu_ps(src + (p + i) * 16 + half * 8);
        Transpose8x8(r);  // r[c] = channel half*8 + c, pixels p .. p + 8
        for (int c = 0; c < 8; ++c) _mm256_storeu_ps(dst + (half * 8 + c) * dst_stride + p, r[c]);
      }
    }
  }
  for (; p < plane; ++p) {
    const float* s = src + p * 16;
    for (int c = 0; c < channels; ++c) dst[c * dst_stride + p] = s[c];
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
