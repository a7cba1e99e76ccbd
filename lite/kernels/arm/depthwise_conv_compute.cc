// depthwise_conv2d on ARM: the direct kernel shared with x86
// (lite/kernels/host/direct_depthwise_conv.h) over the NEON plane loops of
// lite/backends/arm/math/depthwise/depthwise_conv.h.
#include "lite/kernels/arm/arm_kernel.h"
#include "lite/kernels/host/direct_depthwise_conv.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/depthwise/depthwise_conv.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

struct ArmDepthwisePlanes {
  static constexpr TargetType kTarget = TargetType::kARM;
  static constexpr const char* kName = "arm";
  static constexpr auto Planes = &lite::arm::math::DepthwiseConvPlanes;
};

using DepthwiseConvCompute = host::DirectDepthwiseConvCompute<ArmDepthwisePlanes>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
// One line: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNEL(depthwise_conv2d, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(DepthwiseConvCompute), def)
    .BindInput("Input", {PLITE_ARM_FLOAT_TY})
    .BindInput("Filter", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Output", {PLITE_ARM_FLOAT_TY})
    .MathSpecializations(paddle::lite::kernels::host::DirectDepthwiseSpecializations)
    .Finalize();
