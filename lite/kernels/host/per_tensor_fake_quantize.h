// The activation quantization ops of quantization-aware trained models with one stored
// scale (InScale) per tensor, which a quantized model runs before every quantized layer in
// its float simulation, over a backend's vector routine (x86 AVX2, ARM NEON: the host
// reference's bits, lite/backends/simd/fake_quantize_kernel.inc), split over the pool. A
// plain layout, or a channel-blocked one where the input arrives blocked: the scale is one
// for the tensor, so the blocked buffer is quantized element for element, padding lanes
// included (they stay finite), and convolution chains stay blocked across the op. The
// other quantization ops run on host.
#pragma once

#include <string>

#include "lite/core/blocked_layout.h"
#include "lite/core/kernel.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

using FakeQuantizeRoutine = void (*)(const float* x, long long n, float s, int bin_cnt,
                                     bool ties_to_even, bool dequantize, float* out);

template <TargetType kTarget, DataLayoutType kLayout, FakeQuantizeRoutine kRoutine>
class PerTensorFakeQuantizeCompute : public KernelLite<kTarget, PrecisionType::kFloat, kLayout> {
  using QuantParam = operators::FakeQuantizeParam;

 public:
  void Run() override {
    QuantParam& param = this->template Param<QuantParam>();
    const std::string who = this->op_type() + " (" + TargetToStr(kTarget) + ")";
    PLITE_CHECK(param.scale_from == QuantParam::ScaleFrom::kInput && param.channel_axis < 0 &&
                    param.scales.size() == 1 && param.scales[0]->numel() == 1 &&
                    param.mode != QuantParam::Mode::kDequantize,
                who, ": takes one stored scale for the tensor");
    PLITE_CHECK(param.x->precision() == PrecisionType::kFloat, who,
                ": X must be float32, it holds ", PrecisionToStr(param.x->precision()));
    const bool blocked = IsBlockedLayout(kLayout);
    param.out->Resize(param.x->dims());
    const float* x = blocked ? BlockedData(*param.x, kLayout, who.c_str()) : param.x->data<float>();
    float* out = blocked ? MutableBlockedData(param.out, kTarget, kLayout)
                         : param.out->mutable_data<float>();
    const int64_t n = blocked ? BlockedNumel(param.x->dims(), kLayout) : param.x->numel();
    const float s = param.scales[0]->data<float>()[0];
    const bool ties_to_even = param.round_type == 0;
    const bool dequantize = param.mode == QuantParam::Mode::kQuantizeDequantize;
    // A few vector operations and a division per element: 64 K a task.
    ParallelRanges(this->ctx(), n, int64_t{1} << 16, [&](int64_t begin, int64_t end) {
      kRoutine(x + begin, end - begin, s, param.bin_cnt, ties_to_even, dequantize, out + begin);
    });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
