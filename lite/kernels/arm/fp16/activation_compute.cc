// Standalone activations on fp16 tensors (lite/backends/arm/math/fp16/activation_fp16.h:
// relu, relu6, leaky_relu, hard_swish and hard_sigmoid in fp16 registers, sigmoid, swish and
// tanh in fp32 on converted chunks), large tensors split over the predictor's pool.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/fp16/activation_fp16.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/arm/element_task_size.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class ActivationFp16Compute : public KernelLite<TargetType::kARM, PrecisionType::kFP16> {
 public:
  void Run() override {
    auto& param = Param<operators::ActivationParam>();
    const float16* x = param.x->data<float16>();
    float16* out = param.out->mutable_data<float16>();
    const Activation& act = param.act;
    ParallelRanges(ctx(), param.x->numel(), MinElementsPerTask(act.kind),
                   [&](int64_t begin, int64_t end) {
                     lite::arm::math::ActivateFp16(x + begin, out + begin, end - begin, act);
                   });
  }
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

REGISTER_LITE_KERNELS((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid, swish, tanh), kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(ActivationFp16Compute), def)
    .BindInput("X", {PLITE_ARM_FP16_TY})
    .BindOutput("Out", {PLITE_ARM_FP16_TY})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Finalize();
