// The activation quantization ops of quantization-aware trained models on ARM: those with
// one stored scale (InScale) per tensor, which a quantized model runs before every
// quantized layer in its float simulation (on ARM: before its depthwise convs and the convs
// too small for int8). NEON gives the host reference's bits
// (lite/backends/arm/math/fake_quantize.h), split over the pool. NCHW, and NCHW4c where the
// input arrives blocked: the scale is one for the tensor, so the blocked buffer is
// quantized element for element, padding lanes included (they stay finite), and
// convolution chains stay blocked across the op. The other quantization ops run on host.
#include <string>

#include "lite/core/blocked_layout.h"
#include "lite/kernels/arm/arm_kernel.h"
#include "lite/operators/op_params.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/fake_quantize.h"
#include "lite/core/parallel_ranges.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

template <DataLayoutType kLayout>
class FakeQuantizeCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat, kLayout> {
  using QuantParam = operators::FakeQuantizeParam;

 public:
  void Run() override {
    QuantParam& param = this->template Param<QuantParam>();
    const std::string who = this->op_type() + " (arm)";
    PLITE_CHECK(param.scale_from == QuantParam::ScaleFrom::kInput && param.channel_axis < 0 &&
                    param.scales.size() == 1 && param.scales[0]->numel() == 1 &&
                    param.mode != QuantParam::Mode::kDequantize,
                who, ": takes one stored scale for the tensor");
    PLITE_CHECK(param.x->precision() == PrecisionType::kFloat, who,
                ": X must be float32, it holds ", PrecisionToStr(param.x->precision()));
    constexpr bool kBlocked = kLayout == DataLayoutType::kNCHW4c;
    param.out->Resize(param.x->dims());
    const float* x = kBlocked ? BlockedData(*param.x, kLayout, who.c_str()) : param.x->data<float>();
    float* out = kBlocked ? MutableBlockedData(param.out, TargetType::kARM, kLayout)
                          : param.out->mutable_data<float>();
    const int64_t n = kBlocked ? BlockedNumel(param.x->dims(), kLayout) : param.x->numel();
    const float s = param.scales[0]->data<float>()[0];
    const bool ties_to_even = param.round_type == 0;
    const bool dequantize = param.mode == QuantParam::Mode::kQuantizeDequantize;
    // A few vector operations and a division per element: 64 K a task.
    ParallelRanges(this->ctx(), n, int64_t{1} << 16, [&](int64_t begin, int64_t end) {
      lite::arm::math::FakeQuantize(x + begin, end - begin, s, param.bin_cnt, ties_to_even,
                                    dequantize, out + begin);
    });
  }
};

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
