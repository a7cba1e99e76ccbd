// The per-tensor activation quantization ops of quantized models on x86
// (lite/kernels/host/per_tensor_fake_quantize.h) over the AVX2 routine
// (lite/backends/x86/math/vec/fake_quantize_avx2.h), in NCHW and NCHW16c.
#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/fake_quantize_avx2.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/per_tensor_fake_quantize.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

template <DataLayoutType kLayout>
using FakeQuantizeCompute = host::PerTensorFakeQuantizeCompute<TargetType::kX86, kLayout,
                                                               lite::x86::math::FakeQuantizeAvx2>;

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_QUANT_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(layout__))

REGISTER_LITE_KERNELS((fake_quantize_dequantize_moving_average_abs_max, fake_quantize_moving_average_abs_max, fake_quantize_range_abs_max), kX86, kFloat, kNCHW, paddle::lite::kernels::x86::FakeQuantizeCompute<paddle::lite::DataLayoutType::kNCHW>, def)
    .BindInput("X", {PLITE_X86_QUANT_TY(kNCHW)})
    .BindInput("InScale", {PLITE_X86_QUANT_TY(kAny)})
    .BindOutput("Out", {PLITE_X86_QUANT_TY(kNCHW)})
    .BindOutput("OutScale", {PLITE_X86_QUANT_TY(kAny)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
REGISTER_LITE_KERNELS((fake_quantize_dequantize_moving_average_abs_max, fake_quantize_moving_average_abs_max, fake_quantize_range_abs_max), kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::FakeQuantizeCompute<paddle::lite::DataLayoutType::kNCHW16c>, def)
    .BindInput("X", {PLITE_X86_QUANT_TY(kNCHW16c)})
    .BindInput("InScale", {PLITE_X86_QUANT_TY(kAny)})
    .BindOutput("Out", {PLITE_X86_QUANT_TY(kNCHW16c)})
    .BindOutput("OutScale", {PLITE_X86_QUANT_TY(kAny)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
