// Depthwise 3x3 convolution in fp16, stride 1 or 2, any padding: each input plane is copied
// once into a zero-bordered scratch plane, then every output row is computed 8 columns at a
// time from 9 broadcast filter values (stride 2 deinterleaves its input with vld2q), with
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
// accounts for the bottom and right). stride is 1 or 2, pad_top and pad_left >= 0.
struct Depthwise3x3Fp16Plane {
  int in_h, in_w;
  int out_h, out_w;
  int stride;
  int pad_top, pad_left;
};

// Halves of scratch one call needs (its zero-bordered copy of a plane).
long long Depthwise3x3Fp16ScratchSize(const Depthwise3x3Fp16Plane& p);

// Output planes [plane_begin, plane_end) of x's batch * channels planes (plane i is channel
// i % channels): out = act(conv(x, filter[channel]) + bias[channel]). filter holds 9 values
// per channel, bias one (or is null). `act` must be supported (ActivationSupported).
void Depthwise3x3Fp16(const float16* x, const float16* filter, const float16* bias,
                      int channels, int plane_begin, int plane_end,
                      const Depthwise3x3Fp16Plane& p, const Activation& act, float16* scratch,
                      float16* out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
