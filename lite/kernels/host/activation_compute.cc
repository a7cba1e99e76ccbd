// Activations on host: Out = f(X) element by element with the op's attributes
// (ApplyActivation in lite/utils/activation_ref.h is the single definition of each f).
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class ActivationCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::ActivationParam>();
    const float* x = param.x->data<float>();
    float* out = param.out->mutable_data<float>();
    const int64_t count = param.x->numel();
    for (int64_t i = 0; i < count; ++i) out[i] = ApplyActivation(x[i], param.act);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_ACT_TY paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid, swish, tanh, gelu, exp, abs, log, softplus, mish), kHost, kFloat, kNCHW, paddle::lite::kernels::host::ActivationCompute, def)
    .BindInput("X", {PLITE_ACT_TY})
    .BindOutput("Out", {PLITE_ACT_TY})
    .Finalize();
