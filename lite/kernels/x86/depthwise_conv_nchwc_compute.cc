// depthwise_conv2d on x86 in NCHW16c: the blocked depthwise kernel
// (lite/kernels/blocked/depthwise_conv_compute.h) over the AVX2/AVX-512 loops
// (nchw16c_math.h). The blocked-layout planner picks it for
// depthwise convolutions with one filter per channel whose channels pad well.
#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/blocked/conv_rules.h"
#include "lite/kernels/blocked/depthwise_conv_compute.h"
#include "lite/kernels/x86/nchw16c_math.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

using DepthwiseConvNchwcCompute = blocked::DepthwiseConvCompute<Nchw16cMath>;

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_BLOCKED_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))

REGISTER_LITE_KERNEL(depthwise_conv2d, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::DepthwiseConvNchwcCompute, def)
    .BindInput("Input", {PLITE_X86_BLOCKED_TY})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {PLITE_X86_BLOCKED_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Applies(paddle::lite::kernels::blocked::DepthwiseApplies<paddle::lite::DataLayoutType::kNCHW16c>)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::blocked::FilterChannels)
    .MathSpecializations(paddle::lite::kernels::blocked::DepthwiseMathSpecializations)
    .Finalize();
