// reshape / reshape2 on host: the data is unchanged, so it is copied as raw bytes (any
// precision) and the output keeps the dims shape inference gave it.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class ReshapeCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::ReshapeParam>();
    const DDim dims = param.output->dims();
    const LoD lod = param.output->lod();
    param.output->CopyDataFrom(*param.x);
    param.output->Resize(dims);
    param.output->set_lod(lod);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((reshape, reshape2), kHost, kAny, kAny, paddle::lite::kernels::host::ReshapeCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindInput("Shape", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindInput("ShapeTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("XShape", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
