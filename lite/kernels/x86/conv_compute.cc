#include "lite/kernels/x86/conv_compute.h"

#include "lite/backends/host/math/im2col.h"
#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/gemm_activation.h"
#include "lite/operators/activation_attrs.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

void ConvCompute::PrepareForRun() {
  auto& param = Param<operators::ConvParam>();
  const DDim& w_dims = param.filter->dims();
  PLITE_CHECK(w_dims.size() == 4, "conv2d (x86): Filter must be 4-D, got ", w_dims.size(), "-D");
  const int groups = param.groups;
  PLITE_CHECK(groups >= 1 && w_dims[0] % groups == 0, "conv2d (x86): groups ", groups,
              " does not divide the ", w_dims[0], " output channels");
  const int out_c_per_group = static_cast<int>(w_dims[0]) / groups;
  const int patch = static_cast<int>(w_dims[1] * w_dims[2] * w_dims[3]);
  packed_group_size_ = math::PackedASize(out_c_per_group, patch);
  packed_filter_.resize(packed_group_size_ * groups);
  const float* w = param.filter->data<float>();
  for (int g = 0; g < groups; ++g) {
    math::PackA(out_c_per_group, patch, w + static_cast<int64_t>(g) * out_c_per_group * patch,
                patch, packed_filter_.data() + packed_group_size_ * g);
  }

  // The GEMM epilogue runs every fused activation but sigmoid, which gets a pass of its own.
  gemm_act_ = math::GemmEpilogue{};
  act_after_gemm_ = !ToGemmActivation(param.act, &gemm_act_);
}

void ConvCompute::Run() {
  auto& param = Param<operators::ConvParam>();
  const DDim& x_dims = param.x->dims();
  const DDim& w_dims = param.filter->dims();
  const int batch = static_cast<int>(x_dims[0]);
  const int in_c = static_cast<int>(x_dims[1]);
  const int out_c = static_cast<int>(w_dims[0]);
  const int groups = param.groups;
  const int in_c_per_group = in_c / groups;
  const int out_c_per_group = out_c / groups;

  const lite::host::math::ConvWindow window = host::ConvWindowOf(param);

  const int patch = in_c_per_group * window.kernel_h * window.kernel_w;  // GEMM K
  const int spatial = window.out_h * window.out_w;                       // GEMM N
  const int64_t in_plane = static_cast<int64_t>(window.in_h) * window.in_w;
  // The input already is the GEMM's B when every output pixel reads exactly its own pixel.
  const bool direct = window.kernel_h == 1 && window.kernel_w == 1 && window.stride_h == 1 &&
                      window.stride_w == 1 && param.paddings[0] == 0 && param.paddings[1] == 0 &&
                      param.paddings[2] == 0 && param.paddings[3] == 0 &&
                      window.out_h == window.in_h && window.out_w == window.in_w;
  if (!direct) col_.resize(static_cast<size_t>(patch) * spatial);

  const float* x = param.x->data<float>();
  const float* bias = param.bias ? param.bias->data<float>() : nullptr;
  float* out = param.output->mutable_data<float>();
  const math::SgemmOptions options = SgemmOptionsFor(ctx());
  for (int n = 0; n < batch; ++n) {
    for (int g = 0; g < groups; ++g) {
      const float* x_g = x + (static_cast<int64_t>(n) * in_c + g * in_c_per_group) * in_plane;
      float* out_g = out + (static_cast<int64_t>(n) * out_c + g * out_c_per_group) * spatial;
      const float* b = x_g;
      if (!direct) {
        lite::host::math::Im2Col(x_g, in_c_per_group, window, col_.data());
        b = col_.data();
      }
      math::GemmEpilogue epilogue = gemm_act_;
      epilogue.bias = bias ? bias + g * out_c_per_group : nullptr;
      math::SgemmPacked(out_c_per_group, spatial, patch,
                        packed_filter_.data() + packed_group_size_ * g, b, spatial, 0.f, out_g,
                        spatial, epilogue, options);
    }
  }

  if (act_after_gemm_) {
    const int64_t total = param.output->numel();
    for (int64_t i = 0; i < total; ++i) out[i] = operators::ApplyActivation(out[i], param.act);
  }
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::ConvCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
