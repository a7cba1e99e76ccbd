// assign on host: Out takes X's dims, LoD and bytes (any precision).
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class AssignCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::AssignParam>();
    param.output->CopyDataFrom(*param.x);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(assign, kHost, kAny, kAny, paddle::lite::kernels::host::AssignCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
