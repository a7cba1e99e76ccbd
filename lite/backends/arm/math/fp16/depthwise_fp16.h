// Depthwise 3x3 or 5x5 convolution in fp16, stride 1, 2 or (2, 1), any padding: each input
// plane is copied once into a zero-bordered scratch plane, then every output row is computed
// 8 columns at a time from K*K broadcast filter values (a horizontal stride of 2
// deinterleaves the input with vld2q), with
// the bias and the in-register activations applied before the store, the other kinds as a
// pass over each stored row. (See convert_fp16.h for why these headers hold declarations
// only.)
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {

struct float16;

namespace arm {
namespace math {

// One plane's geometry (padding on the top and left places the window; the output size
// accounts for the bottom and right). kernel is 3 or 5, (stride_h, stride_w) is (1, 1),
// (2, 2) or (2, 1), pad_top and pad_left >= 0.
struct DepthwiseFp16Plane {
  int in_h, in_w;
  int out_h, out_w;
  int kernel;
  int stride_h, stride_w;
  int pad_top, pad_left;
};

// Whether DepthwiseFp16 takes this filter (else the caller falls back to the GEMM).
bool DepthwiseFp16Supports(int kernel_h, int kernel_w, int stride_h, int stride_w,
                           int dilation_h, int dilation_w);

// Halves of scratch one call needs (its zero-bordered copy of a plane).
long long DepthwiseFp16ScratchSize(const DepthwiseFp16Plane& p);

// Output planes [plane_begin, plane_end) of x's batch * channels planes (plane i is channel
// i % channels): out = act(conv(x, filter[channel]) + bias[channel]). filter holds
// kernel * kernel values per channel, bias one (or is null). `act` must be supported
// (ActivationSupported).
void DepthwiseFp16(const float16* x, const float16* filter, const float16* bias, int channels,
                   int plane_begin, int plane_end, const DepthwiseFp16Plane& p,
                   const Activation& act, float16* scratch, float16* out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
