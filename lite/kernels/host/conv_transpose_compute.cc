// conv2d_transpose / depthwise_conv2d_transpose on host, the reference: a scatter. Each
// input pixel adds its value times the filter taps into the output window it maps to
// (input row ih feeds output rows ih * stride - pad_top + i * dilation), taps falling
// outside the output are dropped. Then bias per output channel and the fused activation.
// Output rows no window reaches (output_padding, output_size) hold only the bias (activated).
#include <algorithm>
#include <cstdint>

#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

class ConvTransposeCompute : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ConvTransposeParam>();
    const DDim& x_dims = param.x->dims();
    const DDim& w_dims = param.filter->dims();
    const DDim& out_dims = param.output->dims();
    const int64_t batch = x_dims[0], in_c = x_dims[1], in_h = x_dims[2], in_w = x_dims[3];
    const int64_t out_c = out_dims[1], out_h = out_dims[2], out_w = out_dims[3];
    const int64_t k_h = w_dims[2], k_w = w_dims[3];
    const int64_t groups = param.groups;
    const int64_t in_c_per_group = in_c / groups;
    const int64_t out_c_per_group = w_dims[1];
    const int64_t stride_h = param.strides[0], stride_w = param.strides[1];
    const int64_t dil_h = param.dilations[0], dil_w = param.dilations[1];
    const int64_t pad_top = param.paddings[0], pad_left = param.paddings[2];
    const int64_t in_plane = in_h * in_w, out_plane = out_h * out_w;

    const float* x = param.x->data<float>();
    const float* w = param.filter->data<float>();
    float* out = param.output->mutable_data<float>();
    std::fill(out, out + batch * out_c * out_plane, 0.f);

    for (int64_t n = 0; n < batch; ++n) {
      for (int64_t ic = 0; ic < in_c; ++ic) {
        const int64_t g = ic / in_c_per_group;
        const float* x_plane = x + (n * in_c + ic) * in_plane;
        for (int64_t k = 0; k < out_c_per_group; ++k) {
          const int64_t oc = g * out_c_per_group + k;
          float* out_channel = out + (n * out_c + oc) * out_plane;
          const float* taps = w + (ic * out_c_per_group + k) * k_h * k_w;
          for (int64_t ih = 0; ih < in_h; ++ih) {
            for (int64_t iw = 0; iw < in_w; ++iw) {
              const float v = x_plane[ih * in_w + iw];
              for (int64_t i = 0; i < k_h; ++i) {
                const int64_t oh = ih * stride_h - pad_top + i * dil_h;
                if (oh < 0 || oh >= out_h) continue;
                for (int64_t j = 0; j < k_w; ++j) {
                  const int64_t ow = iw * stride_w - pad_left + j * dil_w;
                  if (ow < 0 || ow >= out_w) continue;
                  out_channel[oh * out_w + ow] += v * taps[i * k_w + j];
                }
              }
            }
          }
        }
      }
    }

    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    if (!bias && param.act.kind == ActivationType::kNone) return;
    for (int64_t n = 0; n < batch; ++n) {
      for (int64_t c = 0; c < out_c; ++c) {
        float* plane = out + (n * out_c + c) * out_plane;
        const float b = bias ? bias[c] : 0.f;
        for (int64_t p = 0; p < out_plane; ++p) plane[p] = ApplyActivation(plane[p] + b, param.act);
      }
    }
  }
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((conv2d_transpose, depthwise_conv2d_transpose), kHost, kFloat, kNCHW, paddle::lite::kernels::host::ConvTransposeCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kHost))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kHost))})
    // Paddle's conv2d_transpose v1 added output_padding (the op's InferShape applies it), v2
    // the oneDNN-only force_fp32_output and mkldnn_data_type (nothing to do here).
    .BindPaddleOpVersion("conv2d_transpose", 2)
    .Finalize();
