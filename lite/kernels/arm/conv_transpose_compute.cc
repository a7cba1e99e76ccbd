// conv2d_transpose / depthwise_conv2d_transpose on ARM: the GEMM + col2im driver shared with
// x86 (lite/kernels/host/gemm_conv_transpose.h) on the NEON SGEMM, the fused activation in
// one NEON pass after. The host kernel (a direct scatter) is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/activation.h"
#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/kernels/host/gemm_conv_transpose.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class ConvTransposeCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override {
    gemm_.PackFilter(*this, Param<operators::ConvTransposeParam>());
  }

  void Run() override { gemm_.Run(*this, Param<operators::ConvTransposeParam>()); }

 private:
  // Columns of about 128 KB a block, in a mobile core's L2.
  host::GemmConvTranspose<lite::arm::math::GemmEpilogue, lite::arm::math::SgemmOptions> gemm_{
      kPackedSgemm, lite::arm::math::Activate, 32 * 1024};
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNELS((conv2d_transpose, depthwise_conv2d_transpose), kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(ConvTransposeCompute), def)
    .BindInput("Input", {PLITE_ARM_FLOAT_TY})
    .BindInput("Filter", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Output", {PLITE_ARM_FLOAT_TY})
    // Paddle's conv2d_transpose v1 added output_padding (the op's InferShape applies it), v2
    // the oneDNN-only force_fp32_output and mkldnn_data_type (nothing to do here).
    .BindPaddleOpVersion("conv2d_transpose", 2)
    .Finalize();
