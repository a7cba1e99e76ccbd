// clip on host: Out = X < min ? min : (X > max ? max : X), so NaN passes through.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class ClipCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::ClipParam>();
    const float lo = param.min_tensor ? param.min_tensor->data<float>()[0] : param.min;
    const float hi = param.max_tensor ? param.max_tensor->data<float>()[0] : param.max;
    PLITE_CHECK(lo <= hi, "clip: min (", lo, ") must not exceed max (", hi, ")");
    const float* x = param.x->data<float>();
    float* out = param.out->mutable_data<float>();
    const int64_t count = param.x->numel();
    for (int64_t i = 0; i < count; ++i) {
      out[i] = x[i] < lo ? lo : (x[i] > hi ? hi : x[i]);
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(clip, kHost, kFloat, kNCHW, paddle::lite::kernels::host::ClipCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindInput("Min", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindInput("Max", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .Finalize();
