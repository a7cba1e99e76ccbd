// mul on ARM: Out = X * Y on the 2-D views of X (at x_num_col_dims) and Y (at
// y_num_col_dims): the NEON SGEMM, or Gemv for at most kGemvRows rows (Y streamed once
// where it is stored). The host kernel is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>

#include "lite/backends/arm/math/gemm/gemv.h"
#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

class MulCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::MulParam>();
    const DDim& x_dims = param.x->dims();
    const DDim& y_dims = param.y->dims();
    const int m = static_cast<int>(x_dims.count(0, param.x_num_col_dims));
    const int k = static_cast<int>(x_dims.count(param.x_num_col_dims, x_dims.size()));
    const int n = static_cast<int>(y_dims.count(param.y_num_col_dims, y_dims.size()));
    const float* x = param.x->data<float>();
    const float* y = param.y->data<float>();
    float* out = param.output->mutable_data<float>();
    if (m == 0 || n == 0) return;
    const math::SgemmOptions options = SgemmOptionsFor(ctx());
    if (m <= math::kGemvRows) {
      math::Gemv(m, n, k, x, std::max(k, 1), y, n, out, n, {}, options);
    } else {
      math::Sgemm(m, n, k, 1.f, x, std::max(k, 1), y, n, 0.f, out, n, {}, options);
    }
  }
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNEL(mul, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(MulCompute), def)
    .BindInput("X", {PLITE_ARM_FLOAT_TY})
    .BindInput("Y", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
