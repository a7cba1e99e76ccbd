// layout / layout_once on x86: float NCHW <-> NCHW16c, the blocked layout cast
// (lite/kernels/blocked/layout_compute.h) over AVX2 8x8 transposes (nchw16c_math.h).
#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/blocked/layout_compute.h"
#include "lite/kernels/x86/nchw16c_math.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

using LayoutToNchw16c = blocked::LayoutCompute<Nchw16cMath, true>;
using LayoutFromNchw16c = blocked::LayoutCompute<Nchw16cMath, false>;

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_LAYOUT_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(layout__))

REGISTER_LITE_KERNELS((layout, layout_once), kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::LayoutToNchw16c, nchw_to_nchw16c)
    .BindInput("Input", {PLITE_X86_LAYOUT_TY(kNCHW)})
    .BindOutput("Out", {PLITE_X86_LAYOUT_TY(kNCHW16c)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
REGISTER_LITE_KERNELS((layout, layout_once), kX86, kFloat, kNCHW, paddle::lite::kernels::x86::LayoutFromNchw16c, nchw16c_to_nchw)
    .BindInput("Input", {PLITE_X86_LAYOUT_TY(kNCHW16c)})
    .BindOutput("Out", {PLITE_X86_LAYOUT_TY(kNCHW)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
