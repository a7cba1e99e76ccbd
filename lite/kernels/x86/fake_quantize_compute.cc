// The activation quantization ops of quantization-aware trained models on x86: those with
// one stored scale (InScale) per tensor, which a quantized model runs before every
// quantized layer in its float simulation. The AVX2 routine gives the host reference's bits
// (lite/backends/x86/math/vec/fake_quantize_avx2.h), split over the pool. NCHW, and NCHW16c
// where the input arrives blocked: the scale is one for the tensor, so the blocked buffer is
// quantized element for element, padding lanes included (they stay finite), and convolution
// chains stay blocked across the op. The other quantization ops run on host.
#include <string>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/fake_quantize_avx2.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/kernels/x86/parallel_ranges.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

template <DataLayoutType kLayout>
class FakeQuantizeCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat, kLayout> {
  using QuantParam = operators::FakeQuantizeParam;

 public:
  void Run() override {
    QuantParam& param = this->template Param<QuantParam>();
    const std::string who = this->op_type() + " (x86)";
    PLITE_CHECK(param.scale_from == QuantParam::ScaleFrom::kInput && param.channel_axis < 0 &&
                    param.scales.size() == 1 && param.scales[0]->numel() == 1 &&
                    param.mode != QuantParam::Mode::kDequantize,
                who, ": takes one stored scale for the tensor");
    PLITE_CHECK(param.x->precision() == PrecisionType::kFloat, who,
                ": X must be float32, it holds ", PrecisionToStr(param.x->precision()));
    const bool blocked = kLayout == kNchw16c;
    param.out->Resize(param.x->dims());
    const float* x = blocked ? BlockedData(*param.x, who.c_str()) : param.x->data<float>();
    float* out = blocked ? MutableBlockedData(param.out, TargetType::kX86)
                         : param.out->mutable_data<float>();
    const int64_t n = blocked ? BlockedNumel(param.x->dims()) : param.x->numel();
    const float s = param.scales[0]->data<float>()[0];
    const bool ties_to_even = param.round_type == 0;
    const bool dequantize = param.mode == QuantParam::Mode::kQuantizeDequantize;
    // A few vector operations and a division per element: 64 K a task.
    ParallelRanges(this->ctx(), n, int64_t{1} << 16, [&](int64_t begin, int64_t end) {
      lite::x86::math::FakeQuantizeAvx2(x + begin, end - begin, s, param.bin_cnt, ties_to_even,
                                        dequantize, out + begin);
    });
  }
};

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
