// The channel-blocked layout NCHW4c on ARM (lite/core/blocked_layout.h): a block of 4
// channels is one NEON q register. Direct and depthwise convolution, pool and the layout
// casts' reorders, the contracts of lite/backends/simd/nchwc/nchwc_math.inc; the loops are
// shared with x86's NCHW16c (lite/backends/simd/nchwc/*_kernel.inc, docs/arm.md).
#pragma once

#include <cstddef>
#include <cstdint>

#include "lite/backends/simd/nchwc/nchwc_conv_plan.h"
#include "lite/backends/simd/nchwc/nchwc_depthwise_plan.h"
#include "lite/backends/simd/nchwc/nchwc_pool_plan.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

constexpr int kNchwcBlock = 4;
#include "lite/backends/simd/nchwc/nchwc_math.inc"

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
