// fc marked enable_int8 (int8_quantize_pass turns a quantized mul / matmul / matmul_v2 by a
// weight matrix into it) on ARM: the int8 GEMM (igemm.h: sdot or armv8.0 NEON) as the
// backends share it (lite/kernels/host/int8_gemm_layers.h).
#include "lite/kernels/arm/arm_kernel.h"
#include "lite/kernels/host/int8_marked.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/int8_gemm.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class FcInt8Compute : public KernelLite<TargetType::kARM, PrecisionType::kInt8> {
 public:
  void PrepareForRun() override { gemm_.Prepare(Param<operators::FcParam>()); }
  void Run() override { gemm_.Run(ctx(), kInt8Gemm, Param<operators::FcParam>()); }

 private:
  host::Int8GemmFc gemm_;
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

REGISTER_LITE_KERNEL(fc, kARM, kInt8, kNCHW, PLITE_ARM_KERNEL(FcInt8Compute), def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .BindInput("W", {paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .Applies(paddle::lite::kernels::host::MarkedInt8)
    .Finalize();
