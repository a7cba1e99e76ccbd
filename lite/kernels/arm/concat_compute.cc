// concat (float) on ARM (concat_compute.h). int32 / int64 run on host, the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/concat_compute.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

using ConcatFloat = ConcatCompute<float, PrecisionType::kFloat>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

REGISTER_LITE_KERNEL(concat, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(ConcatFloat), def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat))})
    .BindInput("AxisTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat))})
    .MovesDataOnly()
    .Finalize();
