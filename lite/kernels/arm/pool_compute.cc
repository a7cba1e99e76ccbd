// pool2d on ARM: the separable pool of lite/kernels/host/separable_pool.h (each input row
// reduced once over the window columns, 2x2 / 3x3 stride 1 / 2 windows in vectors, then the
// output rows reduce those element-wise; global pooling in vectors; planes split over the
// predictor's pool) with its vector loops in NEON (lite/backends/arm/math/pool/pool_rows.h).
// The window ranges and divisors are the host kernel's (adaptive, paddings, ceil_mode,
// exclusive), so this accepts everything the host kernel does.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <cstdint>

#include "lite/backends/arm/math/pool/pool_rows.h"
#include "lite/kernels/host/separable_pool.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace {

struct NeonPoolRows {
  static void Windows(const float* src, int n, int kernel, int stride, bool max, float* dst) {
    lite::arm::math::PoolRowWindows(src, n, kernel, stride, max, dst);
  }
  static void CombineRows(const float* src, int rows, int stride, int n, bool max, float* dst) {
    lite::arm::math::PoolCombineRows(src, rows, stride, n, max, dst);
  }
  static float ReducePlane(const float* p, int64_t n, bool max) {
    return lite::arm::math::PoolReducePlane(p, n, max);
  }
};

}  // namespace

class PoolCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void Run() override { pool_.Run(Param<operators::PoolParam>(), ctx()); }

 private:
  host::SeparablePool<NeonPoolRows> pool_;
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNEL(pool2d, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(PoolCompute), def)
    .BindInput("X", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
