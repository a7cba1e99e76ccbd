// conv2d of any groups, filter size, stride, padding and dilation: per image and group,
// im2col then a GEMM with the group's filters, then bias and the fused activation. The host
// kernel's algorithm (the reference), shared as the fallback of the backends' direct
// kernels (x86 and ARM depthwise), which so accept every conv the host kernel does.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lite/backends/host/math/gemm.h"
#include "lite/backends/host/math/im2col.h"
#include "lite/core/kernel.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/operators/op_params.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// `kernel` runs the op (its name in errors and scratch sizes), `backend` says whose kernel
// ("host", "x86", "arm"); `col` is the kernel's im2col scratch, kept across runs.
template <typename Scratch>
void RunGroupedConv(const KernelBase& kernel, const char* backend,
                    const operators::ConvParam& param, Scratch* col) {
  const DDim& x_dims = param.x->dims();
  const DDim& w_dims = param.filter->dims();
  PLITE_CHECK(x_dims.size() == 4 && w_dims.size() == 4, kernel.op_type(), " (", backend,
              "): Input and Filter must be 4-D, got ", x_dims.size(), "-D and ", w_dims.size(),
              "-D");
  const int in_c = static_cast<int>(x_dims[1]);
  const int out_c = static_cast<int>(w_dims[0]);
  const int groups = param.groups;
  PLITE_CHECK(groups >= 1 && in_c % groups == 0 && out_c % groups == 0, kernel.op_type(), " (",
              backend, "): groups ", groups, " does not divide ", in_c, " input and ", out_c,
              " output channels");
  const ConvGemmShape s = ConvGemmShapeOf(param);
  const int patch = s.patch, spatial = s.spatial;
  kernel.ResizeScratch(col, static_cast<size_t>(patch) * spatial, "im2col");

  const float* x = param.x->data<float>();
  const float* w = param.filter->data<float>();
  const float* bias = param.bias ? param.bias->data<float>() : nullptr;
  float* out = param.output->mutable_data<float>();
  for (int n = 0; n < s.batch; ++n) {
    for (int g = 0; g < groups; ++g) {
      const float* w_g = w + static_cast<int64_t>(g) * s.out_c_per_group * patch;
      float* out_g = out + s.OutputOffset(n, g);
      lite::host::math::Im2Col(x + s.InputOffset(n, g), s.in_c_per_group, s.window, col->data());
      lite::host::math::MatMul(s.out_c_per_group, spatial, patch, w_g, col->data(), out_g);
      // Epilogue: bias per output channel, then the fused activation.
      for (int oc = 0; oc < s.out_c_per_group; ++oc) {
        float* dst = out_g + static_cast<int64_t>(oc) * spatial;
        const float b = bias ? bias[g * s.out_c_per_group + oc] : 0.f;
        for (int i = 0; i < spatial; ++i) dst[i] = ApplyActivation(dst[i] + b, param.act);
      }
    }
  }
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
