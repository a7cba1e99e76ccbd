// pool2d on x86 in NCHW16c: the blocked pool kernel (lite/kernels/blocked/pool_compute.h)
// over the AVX2/AVX-512 loops of lite/backends/x86/math/nchwc/nchwc_pool.h.
#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc/nchwc_pool.h"
#include "lite/kernels/blocked/pool_compute.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

struct Nchw16cPoolMath {
  static constexpr TargetType kTarget = TargetType::kX86;
  static constexpr DataLayoutType kLayout = DataLayoutType::kNCHW16c;
  static constexpr int kBlock = 16;
  static constexpr const char* kWho = "pool2d (x86 NCHW16c)";
  static constexpr auto Pool = &lite::x86::math::NchwcPool;
};

using PoolNchwcCompute = blocked::PoolCompute<Nchw16cPoolMath>;

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(pool2d, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::PoolNchwcCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat),
                                               DATALAYOUT(kNCHW16c))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat),
                                                  DATALAYOUT(kNCHW16c))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
