// Where ARM's NCHW4c conv2d and depthwise_conv2d apply: the shared rules
// (lite/kernels/blocked/conv_rules.h) on layers of at least kNchw4cMinMacs multiply-adds per
// image at the model's declared input size. Smaller ones stay NCHW: ppocr_cls's 8-32-channel
// layers (26-77 K multiply-adds at its declared 32x100) ran 0.7 % more guest instructions
// blocked, the casts and per-call tile setup outweighing the tiles, while MobileNetV2's
// smallest blocked layer has 254 K (docs/arm.md). A plane known only at run time counts as
// large.
#pragma once

#include <cstdint>

#include "lite/kernels/blocked/conv_rules.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

constexpr int64_t kNchw4cMinMacs = 128 * 1024;

template <bool kBlockedInput>
bool Nchw4cConvApplies(const KernelOpView& op) {
  return kBlockedInput
             ? blocked::ConvAppliesToBlocked<DataLayoutType::kNCHW4c, false, kNchw4cMinMacs>(op)
             : blocked::ConvAppliesToImage<DataLayoutType::kNCHW4c, kNchw4cMinMacs>(op);
}

inline bool Nchw4cDepthwiseApplies(const KernelOpView& op) {
  return blocked::DepthwiseApplies<DataLayoutType::kNCHW4c, kNchw4cMinMacs>(op);
}

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
