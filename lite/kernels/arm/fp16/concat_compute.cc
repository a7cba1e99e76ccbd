// concat on ARM fp16 tensors: the float kernel's copies (concat_compute.h) on 2-byte
// elements, so a concat of fp16 values (the branches of fp16 convolutions) needs no calib
// casts around it. Both ARM concats move data only: the picker takes the precision their
// inputs have.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/concat_compute.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

using ConcatFp16 = ConcatCompute<float16, PrecisionType::kFP16>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

REGISTER_LITE_KERNEL(concat, kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(ConcatFp16), def)
    .BindInput("X", {PLITE_ARM_FP16_TY})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {PLITE_ARM_FP16_TY})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .MovesDataOnly()
    .Finalize();
