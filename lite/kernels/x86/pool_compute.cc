// pool2d on x86: the separable pool of lite/kernels/host/separable_pool.h (each input row
// reduced once over the window columns, then the output rows reduce those element-wise;
// global pooling in vectors; planes split over the predictor's pool) with its vector loops
// in AVX2 (lite/backends/x86/math/pool/pool_rows.h). The window ranges and divisors are the
// host kernel's (adaptive, paddings, ceil_mode, exclusive), so this accepts everything the
// host kernel does. Baseline flags: registered with the x86 kernels for CPUs with AVX2+FMA;
// the host kernel is the reference.
#include <cstdint>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/pool/pool_rows.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/separable_pool.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace {

struct Avx2PoolRows {
  static void Windows(const float* src, int n, int kernel, int stride, bool max, float* dst) {
    lite::x86::math::PoolRowWindowsAvx2(src, n, kernel, stride, max, dst);
  }
  static void CombineRows(const float* src, int rows, int stride, int n, bool max, float* dst) {
    lite::x86::math::PoolCombineRowsAvx2(src, rows, stride, n, max, dst);
  }
  static float ReducePlane(const float* p, int64_t n, bool max) {
    return lite::x86::math::PoolReducePlaneAvx2(p, n, max);
  }
};

}  // namespace

class PoolCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override { pool_.Run(Param<operators::PoolParam>(), ctx()); }

 private:
  host::SeparablePool<Avx2PoolRows> pool_;
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(pool2d, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::PoolCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
