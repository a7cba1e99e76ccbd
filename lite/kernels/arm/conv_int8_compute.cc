// conv2d marked enable_int8 (lite/optimizer/passes/int8_quantize_pass.cc) on ARM: im2col +
// the int8 GEMM (lite/backends/arm/math/gemm_int8/igemm.h: sdot where the CPU has the dot
// product, else the armv8.0 NEON tile) as the backends share it
// (lite/kernels/host/int8_gemm_layers.h). Float in and out, or int8 between int8 layers
// (ChainsInt8: int8_chain_pass); the filter int8 with its per-channel scales.
#include "lite/kernels/arm/arm_kernel.h"
#include "lite/kernels/host/int8_marked.h"

#if PLITE_ARM_CODE
#include "lite/kernels/arm/int8_gemm.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class ConvInt8Compute : public KernelLite<TargetType::kARM, PrecisionType::kInt8> {
 public:
  void PrepareForRun() override { gemm_.Prepare(Param<operators::ConvParam>()); }
  void Run() override { gemm_.Run(ctx(), kInt8Gemm, Param<operators::ConvParam>()); }

 private:
  host::Int8GemmConv gemm_;
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

REGISTER_LITE_KERNEL(conv2d, kARM, kInt8, kNCHW, PLITE_ARM_KERNEL(ConvInt8Compute), def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .Applies(paddle::lite::kernels::host::MarkedInt8)
    .ChainsInt8()
    .Finalize();
