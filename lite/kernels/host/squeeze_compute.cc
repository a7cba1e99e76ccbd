// squeeze / squeeze2 / unsqueeze / unsqueeze2 on host: the data is unchanged, so it is
// copied as raw bytes (any precision) and the output keeps the dims and LoD shape
// inference gave it.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

template <typename P>
class SqueezeCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = this->template Param<P>();
    const DDim dims = param.output->dims();
    const LoD lod = param.output->lod();
    param.output->CopyDataFrom(*param.x);
    param.output->Resize(dims);
    param.output->set_lod(lod);
  }
};

using Squeeze = SqueezeCompute<operators::SqueezeParam>;
using Unsqueeze = SqueezeCompute<operators::UnsqueezeParam>;

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((squeeze, squeeze2), kHost, kAny, kAny, paddle::lite::kernels::host::Squeeze, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("XShape", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
REGISTER_LITE_KERNELS((unsqueeze, unsqueeze2), kHost, kAny, kAny, paddle::lite::kernels::host::Unsqueeze, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindInput("AxesTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindInput("AxesTensorList", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("XShape", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
