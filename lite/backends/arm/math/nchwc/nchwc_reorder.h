// NCHW <-> NCHW4c reorders of one channel block (lite/core/blocked_layout.h): the layout
// casts run over these (NEON interleaving loads and stores).
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// `channels` (1..4) planes of `plane` floats, `src_stride` floats apart -> [plane][4];
// lanes past `channels` are set to zero.
void PackChannelBlock4(const float* src, int64_t src_stride, int channels, int64_t plane,
                       float* dst);

// [plane][4] -> the first `channels` (1..4) lanes as planes `dst_stride` floats apart.
void UnpackChannelBlock4(const float* src, int channels, int64_t plane, float* dst,
                         int64_t dst_stride);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
