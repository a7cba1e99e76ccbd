// shape on host: writes the input's dims as int32 (any input precision).
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class ShapeCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::ShapeParam>();
    const DDim& dims = param.x->dims();
    int32_t* out = param.out->mutable_data<int32_t>();
    for (size_t i = 0; i < dims.size(); ++i) out[i] = static_cast<int32_t>(dims[i]);
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(shape, kHost, kAny, kAny, paddle::lite::kernels::host::ShapeCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt32), DATALAYOUT(kAny))})
    .Finalize();
