// Standalone activations on ARM, every vector kind by NEON (lite/backends/arm/math/
// activation.h), large tensors split over the predictor's pool. The host kernel is the
// reference and serves the kinds without a vector form.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/activation.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/arm/element_task_size.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class ActivationCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ActivationParam>();
    const float* x = param.x->data<float>();
    float* out = param.out->mutable_data<float>();
    const Activation& act = param.act;
    ParallelRanges(ctx(), param.x->numel(), MinElementsPerTask(act.kind),
                   [&](int64_t begin, int64_t end) {
                     lite::arm::math::Activate(x + begin, nullptr, out + begin, end - begin, act);
                   });
  }
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNELS((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid, swish, tanh, gelu, exp, abs), kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(ActivationCompute), def)
    .BindInput("X", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
