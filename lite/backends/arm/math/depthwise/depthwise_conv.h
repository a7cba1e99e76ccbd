// Direct depthwise convolution of image planes with NEON (square 3x3 or 5x5 filter, stride 1,
// 2 or (2, 1), dilation 1, any padding): x86's plane kernel (lite/backends/simd/
// depthwise_conv_kernel.inc) at 4 columns a vector. It reads the plane in place: a block of 4
// outputs of several output rows loads each input row once per tap and feeds every output
// row whose window covers it; blocks at the left/right border load the nearest vector
// inside the row and move its lanes into place by a table lookup (the padding reads as
// zero; nothing outside the plane is read), rows above/below the plane are skipped; stride
// 2 splits pairs of loads into even and odd columns. Bias and relu / relu6 are applied in
// registers before the store, the other activations (activation_vec.inc) over the stored
// plane.
#pragma once

#include "lite/backends/simd/depthwise_plane.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

using simd::DepthwiseDirectSupports;
using simd::DepthwisePlane;

// out[oy, ox] = act(bias + sum_{ky,kx} filter[ky, kx] * in[oy*s - pt + ky, ox*s - pl + kx]),
// zero outside the input. `filter` is kernel*kernel floats.
void DepthwiseConvPlane(const float* in, const float* filter, float bias,
                        const DepthwisePlane& p, const Activation& act, float* out);

// Planes [begin, end) of consecutive planes: plane i reads in + i*in_h*in_w, writes
// out + i*out_h*out_w and uses channel i % channels (filter + c*kernel*kernel, bias[c] or 0
// without biases).
void DepthwiseConvPlanes(const float* in, const float* filters, const float* biases,
                         int channels, int begin, int end, const DepthwisePlane& p,
                         const Activation& act, float* out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
