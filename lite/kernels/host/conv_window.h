// The im2col window of a conv op's current shapes (shared by the host, x86 and ARM conv
// kernels), and the window of a transposed conv (its GEMM + col2im drivers).
#pragma once

#include <cstdint>

#include "lite/backends/host/math/im2col.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// The filter's taps (filter dims [., ., KH, KW]) sliding with the op's strides, paddings and
// dilations over an image of `image` dims to the positions of `positions` dims (both NCHW).
inline lite::host::math::ConvWindow WindowOf(const operators::ConvWindowParam& param,
                                             const DDim& image, const DDim& filter,
                                             const DDim& positions) {
  lite::host::math::ConvWindow window;
  window.in_h = static_cast<int>(image[2]);
  window.in_w = static_cast<int>(image[3]);
  window.kernel_h = static_cast<int>(filter[2]);
  window.kernel_w = static_cast<int>(filter[3]);
  window.stride_h = param.strides[0];
  window.stride_w = param.strides[1];
  window.pad_top = param.paddings[0];
  window.pad_left = param.paddings[2];
  window.dilation_h = param.dilations[0];
  window.dilation_w = param.dilations[1];
  window.out_h = static_cast<int>(positions[2]);
  window.out_w = static_cast<int>(positions[3]);
  return window;
}

inline lite::host::math::ConvWindow ConvWindowOf(const operators::ConvParam& param) {
  return WindowOf(param, param.x->dims(), param.filter->dims(), param.output->dims());
}

// A conv op's current shapes as im2col + GEMM sees them: per image n and group g,
//   output(n, g)[out_c_per_group x spatial] =
//       filter(g)[out_c_per_group x patch] * im2col(input(n, g))[patch x spatial].
struct ConvGemmShape {
  int batch, in_c, out_c, groups;
  int in_c_per_group, out_c_per_group;
  lite::host::math::ConvWindow window;
  int patch;         // GEMM K: in_c_per_group * KH * KW
  int spatial;       // GEMM N: output pixels of a plane
  int64_t in_plane;  // input pixels of a plane

  // Where the channels of image n, group g start in the input and in the output.
  int64_t InputOffset(int n, int g) const {
    return (static_cast<int64_t>(n) * in_c + g * in_c_per_group) * in_plane;
  }
  int64_t OutputOffset(int n, int g) const {
    return (static_cast<int64_t>(n) * out_c + g * out_c_per_group) * spatial;
  }
};

// Input and Filter 4-D, groups dividing both channel counts: the caller checks.
inline ConvGemmShape ConvGemmShapeOf(const operators::ConvParam& param) {
  ConvGemmShape s;
  s.batch = static_cast<int>(param.x->dims()[0]);
  s.in_c = static_cast<int>(param.x->dims()[1]);
  s.out_c = static_cast<int>(param.filter->dims()[0]);
  s.groups = param.groups;
  s.in_c_per_group = s.in_c / s.groups;
  s.out_c_per_group = s.out_c / s.groups;
  s.window = ConvWindowOf(param);
  s.patch = s.in_c_per_group * s.window.kernel_h * s.window.kernel_w;
  s.spatial = s.window.out_h * s.window.out_w;
  s.in_plane = static_cast<int64_t>(s.window.in_h) * s.window.in_w;
  return s;
}

// conv2d_transpose is the adjoint of conv2d: its output is the window's image, its input
// the window positions.
inline lite::host::math::ConvWindow ConvTransposeWindowOf(
    const operators::ConvTransposeParam& param) {
  return WindowOf(param, param.output->dims(), param.filter->dims(), param.x->dims());
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
