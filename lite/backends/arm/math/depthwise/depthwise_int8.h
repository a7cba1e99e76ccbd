// int8 depthwise convolution of NCHW planes with NEON (one filter per channel, any kernel,
// stride, dilation and padding), the arithmetic of a quantized depthwise_conv2d.
//
// The float simulation of such a layer writes the quantized activation out as floats and
// reads it back; here the input rows a band of output rows needs are quantized into a small
// int16 band framed by the padding (q = round(x * inv_scale) clamped as the int8 convs do:
// [-127, 127] with ties away from zero, [-128, 127] to even; NaN the lower bound, the
// padding 0), then each output sums q times the channel's int8 weights with smlal (int16
// products into int32 lanes: exact, 8 outputs per load), stride 1 a plain load and stride
// 2 the even lanes of vld2. The epilogue scales the sums back (input scale x the channel's
// weight scale), adds the bias and applies the fused activation (relu and relu6 in
// registers, the others over the stored row), 8 floats a store. Between int8 layers
// (int8_chain_pass) the input may be the int8 values a producer wrote (widened into the
// band as they are) and the output the readers' int8 values: each float row quantized as
// QuantizeToInt8 (lite/backends/arm/math/gemm_int8/igemm.h) quantizes, as a reader would.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "lite/backends/host/math/im2col.h"  // ConvWindow
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

using lite::host::math::ConvWindow;

// Positive sizes, kernel, strides and dilations, paddings >= 0.
bool DepthwiseInt8Supports(const ConvWindow& w);

// Per channel the int8 filter [kh][kw] widened to int16, the epilogue's scale (input scale
// x weight scale) and bias.
class DepthwiseInt8Filter {
 public:
  DepthwiseInt8Filter() = default;
  // filter [channels][1][kh][kw]; bias may be null (zeros).
  DepthwiseInt8Filter(int channels, int kernel_h, int kernel_w, const int8_t* filter,
                      const float* scales, const float* bias);
  const int16_t* weights(int c) const { return weights_.data() + static_cast<size_t>(c) * taps_; }
  float scale(int c) const { return scales_[c]; }
  float bias(int c) const { return bias_[c]; }
  int channels() const { return static_cast<int>(scales_.size()); }
  int kernel_h() const { return kernel_h_; }
  int kernel_w() const { return kernel_w_; }

 private:
  int kernel_h_{0}, kernel_w_{0}, taps_{0};
  std::vector<int16_t> weights_;
  std::vector<float> scales_, bias_;
};

// The input of one plane [in_h][in_w]: floats and how they are quantized (inv_scale
// positive and finite), or int8 values.
struct DepthwiseInt8Input {
  const float* plane = nullptr;
  float inv_scale = 0.f;
  bool ties_to_even = false;
  const int8_t* int8_plane = nullptr;  // set: read as they are
};

// The output plane [out_h][out_w]: floats, or int8 values quantized with inv_scale.
struct DepthwiseInt8Output {
  float* plane = nullptr;
  int8_t* int8_plane = nullptr;  // set: written instead of `plane`
  float inv_scale = 0.f;
  bool ties_to_even = false;
};

// int16 values of the band a call of up to `out_rows` output rows quantizes into.
size_t DepthwiseInt8BandValues(const ConvWindow& w, int out_rows);

// Output rows [oy0, oy1) of channel c's plane `out`. `band` holds
// DepthwiseInt8BandValues(w, oy1 - oy0) values of scratch.
void DepthwiseInt8Rows(const ConvWindow& w, const DepthwiseInt8Input& in,
                       const DepthwiseInt8Filter& filter, int c, const Activation& act, int oy0,
                       int oy1, int16_t* band, const DepthwiseInt8Output& out);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
