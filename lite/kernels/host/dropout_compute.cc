// dropout on host (inference): X * (1 - dropout_prob) for downgrade_in_infer, a copy of X
// for upscale_in_train. Mask is left untouched.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class DropoutCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::DropoutParam>();
    const float factor =
        param.dropout_implementation == "downgrade_in_infer" ? 1.f - param.dropout_prob : 1.f;
    const float* x = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    const int64_t count = param.x->numel();
    for (int64_t i = 0; i < count; ++i) out[i] = x[i] * factor;
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(dropout, kHost, kFloat, kNCHW, paddle::lite::kernels::host::DropoutCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Mask", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kUInt8), DATALAYOUT(kNCHW))})
    .Finalize();
