// elementwise_add/sub/mul/div/max/min (float) on ARM: Out = act(X op Y) with the host
// kernel's broadcasting, as rows where each operand steps by one element or repeats one
// value (binary_rows.h), each row a NEON loop (lite/backends/arm/math/elementwise.h). The
// float kernels only: int32 / int64 and the other elementwise ops run on host, the
// reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/elementwise.h"
#include "lite/kernels/arm/binary_rows.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

using ElementwiseCompute =
    ElementwiseRowsCompute<PrecisionType::kFloat, float, lite::arm::math::BinaryRow>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNELS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_max, elementwise_min), kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(ElementwiseCompute), def)
    .BindInput("X", {PLITE_ARM_FLOAT_TY})
    .BindInput("Y", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
