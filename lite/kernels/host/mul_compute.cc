// mul on host: one GEMM on the 2-D views of X and Y.
#include "lite/backends/host/math/gemm.h"
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class MulCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::MulParam>();
    const DDim& x = param.x->dims();
    const DDim& y = param.y->dims();
    const int m = static_cast<int>(x.count(0, param.x_num_col_dims));
    const int k = static_cast<int>(x.count(param.x_num_col_dims, x.size()));
    const int n = static_cast<int>(y.count(param.y_num_col_dims, y.size()));
    lite::host::math::MatMul(m, n, k, param.x->data<float>(), param.y->data<float>(),
                             param.output->mutable_data<float>());
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(mul, kHost, kFloat, kNCHW, paddle::lite::kernels::host::MulCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Y", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .Finalize();
