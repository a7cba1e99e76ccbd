// The im2col window of a conv op's current shapes (shared by the host and x86 conv kernels).
#pragma once

#include "lite/backends/host/math/im2col.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

inline lite::host::math::ConvWindow ConvWindowOf(const operators::ConvParam& param) {
  const DDim& x_dims = param.x->dims();
  const DDim& w_dims = param.filter->dims();
  const DDim& out_dims = param.output->dims();
  lite::host::math::ConvWindow window;
  window.in_h = static_cast<int>(x_dims[2]);
  window.in_w = static_cast<int>(x_dims[3]);
  window.kernel_h = static_cast<int>(w_dims[2]);
  window.kernel_w = static_cast<int>(w_dims[3]);
  window.stride_h = param.strides[0];
  window.stride_w = param.strides[1];
  window.pad_top = param.paddings[0];
  window.pad_left = param.paddings[2];
  window.dilation_h = param.dilations[0];
  window.dilation_w = param.dilations[1];
  window.out_h = static_cast<int>(out_dims[2]);
  window.out_w = static_cast<int>(out_dims[3]);
  return window;
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
