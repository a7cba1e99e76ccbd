// The per-tensor activation quantization ops of quantized models on ARM
// (lite/kernels/host/per_tensor_fake_quantize.h) over the NEON routine
// (lite/backends/arm/math/fake_quantize.h), in NCHW and NCHW4c: before ARM's float
// depthwise convs and the convs too small for int8, and without breaking blocked chains.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/fake_quantize.h"
#include "lite/kernels/host/per_tensor_fake_quantize.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

template <DataLayoutType kLayout>
using FakeQuantizeCompute =
    host::PerTensorFakeQuantizeCompute<TargetType::kARM, kLayout, lite::arm::math::FakeQuantize>;
using FakeQuantizeNchwCompute = FakeQuantizeCompute<DataLayoutType::kNCHW>;
using FakeQuantizeNchw4cCompute = FakeQuantizeCompute<DataLayoutType::kNCHW4c>;

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_QUANT_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(layout__))

// One line each: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNELS((fake_quantize_dequantize_moving_average_abs_max, fake_quantize_moving_average_abs_max, fake_quantize_range_abs_max), kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(FakeQuantizeNchwCompute), def)
    .BindInput("X", {PLITE_ARM_QUANT_TY(kNCHW)})
    .BindInput("InScale", {PLITE_ARM_QUANT_TY(kAny)})
    .BindOutput("Out", {PLITE_ARM_QUANT_TY(kNCHW)})
    .BindOutput("OutScale", {PLITE_ARM_QUANT_TY(kAny)})
    .Finalize();
REGISTER_LITE_KERNELS((fake_quantize_dequantize_moving_average_abs_max, fake_quantize_moving_average_abs_max, fake_quantize_range_abs_max), kARM, kFloat, kNCHW4c, PLITE_ARM_KERNEL(FakeQuantizeNchw4cCompute), def)
    .BindInput("X", {PLITE_ARM_QUANT_TY(kNCHW4c)})
    .BindInput("InScale", {PLITE_ARM_QUANT_TY(kAny)})
    .BindOutput("Out", {PLITE_ARM_QUANT_TY(kNCHW4c)})
    .BindOutput("OutScale", {PLITE_ARM_QUANT_TY(kAny)})
    .Finalize();
