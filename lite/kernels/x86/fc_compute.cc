// fc on x86: the GEMV / SGEMM kernel shared with ARM (lite/kernels/host/gemm_fc.h) over the
// AVX2/AVX-512 math (lite/backends/x86/math/gemm). 1 x 1024 x 1000 by the GEMV: ~0.04 ms
// against ~0.2-0.4 ms through the SGEMM, whose 6-row tiles are 1/6 used. Registered only for
// CPUs with AVX2+FMA; the host kernel is the reference.
#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/gemv.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/backends/x86/math/vec/activation.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/gemm_fc.h"
#include "lite/kernels/x86/context_threads.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

struct X86FcMath {
  static constexpr TargetType kTarget = TargetType::kX86;
  static constexpr const char* kName = "x86";
  static constexpr int kGemvRows = 4;  // up to this many rows the GEMV beats the SGEMM
  using GemmEpilogue = lite::x86::math::GemmEpilogue;
  using SgemmOptions = lite::x86::math::SgemmOptions;
  static constexpr auto Gemv = &lite::x86::math::Gemv;
  static constexpr auto Sgemm = &lite::x86::math::Sgemm;
  static constexpr auto Activate = &lite::x86::math::Activate;
  static constexpr auto OptionsFor = &SgemmOptionsFor;
};

using FcCompute = host::GemmFcCompute<X86FcMath>;

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(fc, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::FcCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("W", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
