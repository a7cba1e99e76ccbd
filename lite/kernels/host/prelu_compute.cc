// prelu on host (float): each element picks its alpha by the op's mode.
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class PreluCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<operators::PreluParam>();
    const DDim& dims = param.x->dims();
    const float* x = param.x->data<float>();
    const float* alpha = param.alpha->data<float>();
    float* out = param.out->mutable_data<float>();
    const int64_t n = param.x->numel();
    // The alpha of element i is alpha[(i / inner) % period].
    int64_t inner = 1, period = 1;
    if (param.mode == "channel") {
      period = param.channels_last ? dims[dims.size() - 1] : dims[1];
      if (!param.channels_last) {
        for (size_t d = 2; d < dims.size(); ++d) inner *= dims[d];
      }
    } else if (param.mode == "element") {
      period = n / dims[0];
    }
    for (int64_t i = 0; i < n; ++i) {
      const float v = x[i];
      out[i] = v > 0.f ? v : alpha[(i / inner) % period] * v;
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(prelu, kHost, kFloat, kNCHW, paddle::lite::kernels::host::PreluCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindInput("Alpha", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .Finalize();
