// layout / layout_once on ARM: float NCHW <-> NCHW4c, the blocked layout cast
// (lite/kernels/blocked/layout_compute.h) over NEON interleaving loads and stores
// (nchw4c_math.h).
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/nchw4c_math.h"
#include "lite/kernels/blocked/layout_compute.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

using LayoutToNchw4c = blocked::LayoutCompute<Nchw4cMath, true>;
using LayoutFromNchw4c = blocked::LayoutCompute<Nchw4cMath, false>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_LAYOUT_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(layout__))

REGISTER_LITE_KERNELS((layout, layout_once), kARM, kFloat, kNCHW4c, PLITE_ARM_KERNEL(LayoutToNchw4c), nchw_to_nchw4c)
    .BindInput("Input", {PLITE_ARM_LAYOUT_TY(kNCHW)})
    .BindOutput("Out", {PLITE_ARM_LAYOUT_TY(kNCHW4c)})
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(LayoutFromNchw4c), nchw4c_to_nchw)
    .BindInput("Input", {PLITE_ARM_LAYOUT_TY(kNCHW4c)})
    .BindOutput("Out", {PLITE_ARM_LAYOUT_TY(kNCHW)})
    .Finalize();
