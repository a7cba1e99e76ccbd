// depthwise_conv2d on ARM in NCHW4c: the blocked depthwise kernel
// (lite/kernels/blocked/depthwise_conv_compute.h) over the NEON loops (nchw4c_math.h). The
// blocked-layout planner picks it for depthwise convolutions with one filter per channel
// whose channels pad well, of at least 128 K multiply-adds (nchw4c_rules.h).
#include "lite/kernels/arm/arm_kernel.h"
#include "lite/kernels/arm/nchw4c_rules.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/nchw4c_math.h"
#include "lite/kernels/blocked/depthwise_conv_compute.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

using DepthwiseConvNchwcCompute = blocked::DepthwiseConvCompute<Nchw4cMath>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_BLOCKED_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW4c))

REGISTER_LITE_KERNEL(depthwise_conv2d, kARM, kFloat, kNCHW4c, PLITE_ARM_KERNEL(DepthwiseConvNchwcCompute), def)
    .BindInput("Input", {PLITE_ARM_BLOCKED_TY})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .BindOutput("Output", {PLITE_ARM_BLOCKED_TY})
    .Applies(paddle::lite::kernels::arm::Nchw4cDepthwiseApplies)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::blocked::FilterChannels)
    .MathSpecializations(paddle::lite::kernels::blocked::DepthwiseMathSpecializations)
    .Finalize();
