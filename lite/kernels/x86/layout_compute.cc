// layout / layout_once on x86: float NCHW <-> NCHW16c, the blocked layout cast
// (lite/kernels/blocked/layout_compute.h) over AVX2 8x8 transposes (nchwc_reorder.h).
#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc/nchwc_reorder.h"
#include "lite/kernels/blocked/layout_compute.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

struct Nchw16cReorder {
  static constexpr TargetType kTarget = TargetType::kX86;
  static constexpr DataLayoutType kLayout = DataLayoutType::kNCHW16c;
  static constexpr int kBlock = 16;
  static constexpr auto Pack = &lite::x86::math::PackChannelBlock;
  static constexpr auto Unpack = &lite::x86::math::UnpackChannelBlock;
};

using LayoutToNchw16c = blocked::LayoutCompute<Nchw16cReorder, true>;
using LayoutFromNchw16c = blocked::LayoutCompute<Nchw16cReorder, false>;

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
