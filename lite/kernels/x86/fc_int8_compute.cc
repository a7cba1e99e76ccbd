// fc marked enable_int8 (int8_quantize_pass turns a quantized mul / matmul / matmul_v2 by a
// weight matrix into it; fc_fuse_pass then folds its bias add in), on AVX512_VNNI CPUs: the
// int8 GEMM (igemm.h) as the backends share it (lite/kernels/host/int8_gemm_layers.h).
#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/int8_marked.h"
#include "lite/kernels/x86/int8_gemm.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class FcInt8Compute : public KernelLite<TargetType::kX86, PrecisionType::kInt8> {
 public:
  void PrepareForRun() override { gemm_.Prepare(Param<operators::FcParam>()); }
  void Run() override { gemm_.Run(ctx(), kInt8Gemm, Param<operators::FcParam>()); }

 private:
  host::Int8GemmFc gemm_;
};


}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(fc, kX86, kInt8, kNCHW, paddle::lite::kernels::x86::FcInt8Compute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("W", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx512_vnni", paddle::lite::x86::CpuHasAvx512Vnni)
    .Applies(paddle::lite::kernels::host::MarkedInt8)
    .Finalize();
