// fc on host: GEMM on the 2-D view of Input, then bias and the activation.
#include "lite/backends/host/math/gemm.h"
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class FcCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::FcParam>();
    const DDim& in = param.input->dims();
    const int m = static_cast<int>(in.count(0, param.in_num_col_dims));
    const int k = static_cast<int>(in.count(param.in_num_col_dims, in.size()));
    const int n = static_cast<int>(param.w->dims()[1]);
    float* out = param.output->mutable_data<float>();
    lite::host::math::MatMul(m, n, k, param.input->data<float>(), param.w->data<float>(), out);

    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    for (int i = 0; i < m; ++i) {
      float* row = out + static_cast<int64_t>(i) * n;
      for (int j = 0; j < n; ++j) {
        row[j] = ApplyActivation(row[j] + (bias ? bias[j] : 0.f), param.act);
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(fc, kHost, kFloat, kNCHW, paddle::lite::kernels::host::FcCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("W", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .Finalize();
