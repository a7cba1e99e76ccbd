// pool2d on ARM in NCHW4c: the blocked pool kernel (lite/kernels/blocked/pool_compute.h)
// over the NEON loops (nchw4c_math.h).
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/nchw4c_math.h"
#include "lite/kernels/blocked/pool_compute.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

using PoolNchwcCompute = blocked::PoolCompute<Nchw4cMath>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_BLOCKED_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW4c))

REGISTER_LITE_KERNEL(pool2d, kARM, kFloat, kNCHW4c, PLITE_ARM_KERNEL(PoolNchwcCompute), def)
    .BindInput("X", {PLITE_ARM_BLOCKED_TY})
    .BindOutput("Out", {PLITE_ARM_BLOCKED_TY})
    .Finalize();
