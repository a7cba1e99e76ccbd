// The x86 channel-blocked layout NCHW16c (lite/core/blocked_layout.h with 16-channel blocks):
// the 16 channels of a block at one pixel are one AVX-512 vector (two AVX2 vectors).
#pragma once

#include <cstdint>

#include "lite/core/blocked_layout.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

constexpr DataLayoutType kNchw16c = DataLayoutType::kNCHW16c;
constexpr int kChannelBlock = 16;  // lite_api::LayoutChannelBlock(kNchw16c)

inline int64_t ChannelBlocks(int64_t channels) {
  return lite::ChannelBlocks(channels, kNchw16c);
}
inline int64_t BlockedNumel(const DDim& dims) { return lite::BlockedNumel(dims, kNchw16c); }
template <typename T = float>
T* MutableBlockedData(Tensor* t, TargetType target) {
  return lite::MutableBlockedData<T>(t, target, kNchw16c);
}
template <typename T = float>
const T* BlockedData(const Tensor& t, const char* who) {
  return lite::BlockedData<T>(t, kNchw16c, who);
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
