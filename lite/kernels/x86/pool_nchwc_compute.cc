// pool2d on x86 in NCHW16c: the blocked pool kernel (lite/kernels/blocked/pool_compute.h)
// over the AVX2/AVX-512 loops (nchw16c_math.h).
#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/blocked/pool_compute.h"
#include "lite/kernels/x86/nchw16c_math.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

using PoolNchwcCompute = blocked::PoolCompute<Nchw16cMath>;

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
