// pool2d on NCHW4c tensors (lite/core/blocked_layout.h): the loops shared with x86's NCHW16c
// (lite/backends/simd/nchwc/nchwc_pool_kernel.inc) over NEON, one tap of a 4-channel block
// being one q register. The contract is x86 nchwc_pool.h's with 4-channel blocks.
#pragma once

#include <cstdint>

#include "lite/backends/simd/nchwc/nchwc_pool_plan.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

using simd::NchwcPoolWindow;
using simd::NchwcPoolShape;
using simd::NchwcPoolPlan;
using simd::NchwcPoolPlanFor;

// Pools output rows [row_begin, row_end) of `blocks` consecutive channel blocks: block b
// reads in + b * in_h * in_w * 4 and writes out + b * out_h * out_w * 4.
void NchwcPool(const float* in, const NchwcPoolPlan& plan, int64_t blocks, int row_begin,
               int row_end, float* out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
