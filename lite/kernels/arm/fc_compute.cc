// fc on ARM: the GEMV / SGEMM kernel shared with x86 (lite/kernels/host/gemm_fc.h) over the
// NEON math (lite/backends/arm/math/gemm). The host kernel is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/activation.h"
#include "lite/backends/arm/math/gemm/gemv.h"
#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/kernels/host/gemm_fc.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

struct ArmFcMath {
  static constexpr TargetType kTarget = TargetType::kARM;
  static constexpr const char* kName = "ARM";
  static constexpr int kGemvRows = lite::arm::math::kGemvRows;
  using GemmEpilogue = lite::arm::math::GemmEpilogue;
  using SgemmOptions = lite::arm::math::SgemmOptions;
  static constexpr auto Gemv = &lite::arm::math::Gemv;
  static constexpr auto Sgemm = &lite::arm::math::Sgemm;
  static constexpr auto Activate = &lite::arm::math::Activate;
  static constexpr auto OptionsFor = &SgemmOptionsFor;
};

using FcCompute = host::GemmFcCompute<ArmFcMath>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNEL(fc, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(FcCompute), def)
    .BindInput("Input", {PLITE_ARM_FLOAT_TY})
    .BindInput("W", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
