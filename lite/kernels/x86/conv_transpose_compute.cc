// conv2d_transpose / depthwise_conv2d_transpose on x86: the GEMM + col2im driver shared with
// ARM (lite/kernels/host/gemm_conv_transpose.h) on the packed SGEMM, the fused activation in
// one AVX2 / AVX-512 pass after. Registered only for CPUs with AVX2+FMA; the host kernel (a
// direct scatter) is the reference.
#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/backends/x86/math/vec/activation.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/gemm_conv_transpose.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class ConvTransposeCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override {
    gemm_.PackFilter(*this, Param<operators::ConvTransposeParam>());
  }

  void Run() override { gemm_.Run(*this, Param<operators::ConvTransposeParam>()); }

 private:
  // Columns of about 256 KB a block.
  host::GemmConvTranspose<lite::x86::math::GemmEpilogue, lite::x86::math::SgemmOptions> gemm_{
      kPackedSgemm, lite::x86::math::Activate, 64 * 1024};
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((conv2d_transpose, depthwise_conv2d_transpose), kX86, kFloat, kNCHW, paddle::lite::kernels::x86::ConvTransposeCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86))})
    // Paddle's conv2d_transpose v1 added output_padding (the op's InferShape applies it), v2
    // the oneDNN-only force_fp32_output and mkldnn_data_type (nothing to do here).
    .BindPaddleOpVersion("conv2d_transpose", 2)
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
