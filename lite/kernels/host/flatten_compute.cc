// flatten / flatten2 / flatten_contiguous_range on host: the data is unchanged, so it is
// copied as raw bytes (any precision) under the dims shape inference gave.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class FlattenCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::FlattenParam>();
    const DDim dims = param.output->dims();
    param.output->CopyDataFrom(*param.x);
    param.output->Resize(dims);
    param.output->set_lod({});
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((flatten, flatten2, flatten_contiguous_range), kHost, kAny, kAny, paddle::lite::kernels::host::FlattenCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("XShape", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
