// NCHW <-> NCHW4c reorders of one channel block (PackChannelBlock / UnpackChannelBlock,
// nchwc_math.h): NEON interleaving loads and stores for full blocks.
#include "lite/backends/arm/math/nchwc/nchwc_math.h"

#include <arm_neon.h>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

void PackChannelBlock(const float* src, int64_t src_stride, int channels, int64_t plane,
                       float* dst) {
  int64_t p = 0;
  if (channels == 4) {
    for (; p + 4 <= plane; p += 4) {
      float32x4x4_t v;
      v.val[0] = vld1q_f32(src + p);
      v.val[1] = vld1q_f32(src + src_stride + p);
      v.val[2] = vld1q_f32(src + 2 * src_stride + p);
      v.val[3] = vld1q_f32(src + 3 * src_stride + p);
      vst4q_f32(dst + p * 4, v);
    }
  }
  for (; p < plane; ++p) {
    for (int c = 0; c < 4; ++c) dst[p * 4 + c] = c < channels ? src[c * src_stride + p] : 0.f;
  }
}

void UnpackChannelBlock(const float* src, int channels, int64_t plane, float* dst,
                         int64_t dst_stride) {
  int64_t p = 0;
  if (channels == 4) {
    for (; p + 4 <= plane; p += 4) {
      const float32x4x4_t v = vld4q_f32(src + p * 4);
      vst1q_f32(dst + p, v.val[0]);
      vst1q_f32(dst + dst_stride + p, v.val[1]);
      vst1q_f32(dst + 2 * dst_stride + p, v.val[2]);
      vst1q_f32(dst + 3 * dst_stride + p, v.val[3]);
    }
  }
  for (; p < plane; ++p) {
    for (int c = 0; c < channels; ++c) dst[c * dst_stride + p] = src[p * 4 + c];
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
