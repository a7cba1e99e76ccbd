// The channel-blocked layout NCHW16c on x86 (lite/core/blocked_layout.h): a block of 16
// channels is one zmm or two ymm, whatever the CPU (docs/x86_blocked_layout.md). The
// functions every target's blocked math defines (lite/backends/simd/nchwc/nchwc_math.inc);
// nchwc_conv.h, nchwc_depthwise.h, nchwc_pool.h, nchwc_reorder.h say how x86 runs them.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lite/backends/simd/nchwc/nchwc_conv_plan.h"
#include "lite/backends/simd/nchwc/nchwc_depthwise_plan.h"
#include "lite/backends/simd/nchwc/nchwc_pool_plan.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

constexpr int kNchwcBlock = 16;
#include "lite/backends/simd/nchwc/nchwc_math.inc"

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
