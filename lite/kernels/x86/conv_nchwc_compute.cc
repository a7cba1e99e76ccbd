// conv2d on x86 writing the channel-blocked layout NCHW16c: the blocked conv2d kernel
// (lite/kernels/blocked/conv_compute.h) over the AVX2/AVX-512 direct convolution, and for
// 3x3 stride-1 filters on blocked inputs Winograd F(4x4, 3x3) (nchw16c_math.h). Two registrations, each saying where it applies
// (the blocked-layout planner reads them, lite/kernels/blocked/conv_rules.h):
//   def      NCHW16c input: pointwise and 3x3 convolutions whose channels pad well, except
//            3x3 stride-1 layers on planes too small for Winograd F(4x4)
//   nchw_in  NCHW input: a network's first convolution, reading the image as it comes
#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/blocked/conv_compute.h"
#include "lite/kernels/x86/nchw16c_math.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

template <bool kBlockedInput>
using ConvNchwcCompute = blocked::ConvCompute<Nchw16cMath, kBlockedInput>;

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(layout__))

REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::ConvNchwcCompute<true>, def)
    .BindInput("Input", {PLITE_X86_TY(kNCHW16c)})
    .BindInput("Filter", {PLITE_X86_TY(kNCHW)})
    .BindInput("Bias", {PLITE_X86_TY(kNCHW)})
    .BindOutput("Output", {PLITE_X86_TY(kNCHW16c)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Applies(paddle::lite::kernels::blocked::ConvAppliesToBlocked<paddle::lite::DataLayoutType::kNCHW16c, true>)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::blocked::FilterChannels)
    .MathSpecializations(paddle::lite::kernels::blocked::ConvMathSpecializations<true, true>)
    .Finalize();
REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::ConvNchwcCompute<false>, nchw_in)
    .BindInput("Input", {PLITE_X86_TY(kNCHW)})
    .BindInput("Filter", {PLITE_X86_TY(kNCHW)})
    .BindInput("Bias", {PLITE_X86_TY(kNCHW)})
    .BindOutput("Output", {PLITE_X86_TY(kNCHW16c)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Applies(paddle::lite::kernels::blocked::ConvAppliesToImage<paddle::lite::DataLayoutType::kNCHW16c>)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::blocked::FilterChannels)
    .MathSpecializations(paddle::lite::kernels::blocked::ConvMathSpecializations<false>)
    .Finalize();
