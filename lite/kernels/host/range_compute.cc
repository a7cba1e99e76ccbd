// range on host: Out[i] = start + i * step in Start's type (float32, int32, int64).
#include "lite/core/op_registry.h"
#include "lite/kernels/host/typed_dispatch.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class RangeCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kAny, DataLayoutType::kAny> {
 public:
  void Run() override {
    auto& param = Param<operators::RangeParam>();
    VisitPrecision(param.start->precision(), op_type(), "Start", [&](auto tag) {
      using T = decltype(tag);
      const T start = param.start->data<T>()[0];
      const T step = param.step->data<T>()[0];
      T* out = param.out->mutable_data<T>();
      for (int64_t i = 0; i < param.out->numel(); ++i) out[i] = start + static_cast<T>(i) * step;
    });
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_ANY_TY \
  paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny), DATALAYOUT(kAny))
REGISTER_LITE_KERNEL(range, kHost, kAny, kAny, paddle::lite::kernels::host::RangeCompute, def)
    .BindInput("Start", {PLITE_ANY_TY})
    .BindInput("End", {PLITE_ANY_TY})
    .BindInput("Step", {PLITE_ANY_TY})
    .BindOutput("Out", {PLITE_ANY_TY})
    .Finalize();
