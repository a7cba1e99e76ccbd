// NCHW <-> NCHW16c reorders of one channel block (lite/core/blocked_layout.h): the layout
// casts and the tests' conversions run over these. AVX2 8x8 transposes for full blocks;
// needs AVX2 (lite::x86::CpuHasAvx2Fma()).
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// `channels` (1..16) planes of `plane` floats, `src_stride` floats apart -> [plane][16];
// lanes past `channels` are set to zero.
void PackChannelBlock(const float* src, int64_t src_stride, int channels, int64_t plane,
                      float* dst);

// [plane][16] -> the first `channels` (1..16) lanes as planes `dst_stride` floats apart.
void UnpackChannelBlock(const float* src, int channels, int64_t plane, float* dst,
                        int64_t dst_stride);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
