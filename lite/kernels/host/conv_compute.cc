// conv2d / depthwise_conv2d on host: per image and group, im2col then a GEMM with the
// group's filters, then bias and the fused activation. Depthwise is groups == channels.
#include <vector>

#include "lite/backends/host/math/gemm.h"
#include "lite/backends/host/math/im2col.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/operators/op_params.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class ConvCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& x_dims = param.x->dims();
    const DDim& w_dims = param.filter->dims();
    const int batch = static_cast<int>(x_dims[0]);
    const int in_c = static_cast<int>(x_dims[1]);
    const int out_c = static_cast<int>(w_dims[0]);
    const int groups = param.groups;
    const int in_c_per_group = in_c / groups;
    const int out_c_per_group = out_c / groups;

    const lite::host::math::ConvWindow window = ConvWindowOf(param);

    const int patch = in_c_per_group * window.kernel_h * window.kernel_w;  // GEMM K
    const int spatial = window.out_h * window.out_w;                       // GEMM N
    const int64_t in_plane = static_cast<int64_t>(window.in_h) * window.in_w;
    ResizeScratch(&col_, static_cast<size_t>(patch) * spatial, "im2col");

    const float* x = param.x->data<float>();
    const float* w = param.filter->data<float>();
    float* out = param.output->mutable_data<float>();
    for (int n = 0; n < batch; ++n) {
      for (int g = 0; g < groups; ++g) {
        const float* x_g = x + (static_cast<int64_t>(n) * in_c + g * in_c_per_group) * in_plane;
        const float* w_g = w + static_cast<int64_t>(g) * out_c_per_group * patch;
        float* out_g = out + (static_cast<int64_t>(n) * out_c + g * out_c_per_group) * spatial;
        lite::host::math::Im2Col(x_g, in_c_per_group, window, col_.data());
        lite::host::math::MatMul(out_c_per_group, spatial, patch, w_g, col_.data(), out_g);
      }
    }

    // Epilogue: bias per output channel, then the fused activation.
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    for (int n = 0; n < batch; ++n) {
      for (int c = 0; c < out_c; ++c) {
        float* plane = out + (static_cast<int64_t>(n) * out_c + c) * spatial;
        const float b = bias ? bias[c] : 0.f;
        for (int i = 0; i < spatial; ++i) {
          plane[i] = ApplyActivation(plane[i] + b, param.act);
        }
      }
    }
  }

 private:
  std::vector<float> col_;  // im2col scratch, reused across runs
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((conv2d, depthwise_conv2d), kHost, kFloat, kNCHW, paddle::lite::kernels::host::ConvCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .Finalize();
