// elementwise_add/sub/mul/div/max/min on fp16 tensors: the float kernel's broadcasting
// (lite/kernels/arm/binary_rows.h), each row in fp16 registers with the fused activation
// (lite/backends/arm/math/fp16/elementwise_fp16.h). Residual adds and squeeze-excitation
// scales then stay fp16 between fp16 convolutions instead of taking two casts each.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/fp16/elementwise_fp16.h"
#include "lite/kernels/arm/binary_rows.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

using ElementwiseFp16Compute =
    ElementwiseRowsCompute<PrecisionType::kFP16, float16, lite::arm::math::BinaryRowFp16>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

// One line: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_max, elementwise_min), kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(ElementwiseFp16Compute), def)
    .BindInput("X", {PLITE_ARM_FP16_TY})
    .BindInput("Y", {PLITE_ARM_FP16_TY})
    .BindOutput("Out", {PLITE_ARM_FP16_TY})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Finalize();
