// conv2d on ARM writing the channel-blocked layout NCHW4c: the blocked conv2d kernel
// (lite/kernels/blocked/conv_compute.h) over the NEON direct convolution (nchw4c_math.h; no
// blocked Winograd: 3x3 stride-1 layers run direct). Two registrations, each saying where it
// applies (the blocked-layout planner reads them, nchw4c_rules.h), on layers of at least
// 128 K multiply-adds:
//   def      NCHW4c input: pointwise and 3x3 convolutions whose channels pad well
//   nchw_in  NCHW input of fewer than 4 channels: a network's first convolution
#include "lite/kernels/arm/arm_kernel.h"
#include "lite/kernels/arm/nchw4c_rules.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/nchw4c_math.h"
#include "lite/kernels/blocked/conv_compute.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

template <bool kBlockedInput>
using ConvNchwcCompute = blocked::ConvCompute<Nchw4cMath, kBlockedInput>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(layout__))

REGISTER_LITE_KERNEL(conv2d, kARM, kFloat, kNCHW4c, PLITE_ARM_KERNEL(ConvNchwcCompute<true>), def)
    .BindInput("Input", {PLITE_ARM_TY(kNCHW4c)})
    .BindInput("Filter", {PLITE_ARM_TY(kNCHW)})
    .BindInput("Bias", {PLITE_ARM_TY(kNCHW)})
    .BindOutput("Output", {PLITE_ARM_TY(kNCHW4c)})
    .Applies(paddle::lite::kernels::arm::Nchw4cConvApplies<true>)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::blocked::FilterChannels)
    .MathSpecializations(paddle::lite::kernels::blocked::ConvMathSpecializations<true>)
    .Finalize();
REGISTER_LITE_KERNEL(conv2d, kARM, kFloat, kNCHW4c, PLITE_ARM_KERNEL(ConvNchwcCompute<false>), nchw_in)
    .BindInput("Input", {PLITE_ARM_TY(kNCHW)})
    .BindInput("Filter", {PLITE_ARM_TY(kNCHW)})
    .BindInput("Bias", {PLITE_ARM_TY(kNCHW)})
    .BindOutput("Output", {PLITE_ARM_TY(kNCHW4c)})
    .Applies(paddle::lite::kernels::arm::Nchw4cConvApplies<false>)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::blocked::FilterChannels)
    .MathSpecializations(paddle::lite::kernels::blocked::ConvMathSpecializations<false>)
    .Finalize();
