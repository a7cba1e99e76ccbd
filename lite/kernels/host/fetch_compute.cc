// fetch on host: copies the result out, so the next run may reuse the activation buffer.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class FetchCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::FetchParam>();
    auto* list = param.fetch_list;
    if (list->size() <= static_cast<size_t>(param.col)) list->resize(param.col + 1);
    (*list)[param.col].CopyDataFrom(*param.input);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(fetch, kHost, kAny, kAny, paddle::lite::kernels::host::FetchCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .Finalize();
