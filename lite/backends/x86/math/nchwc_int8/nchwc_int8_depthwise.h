// int8 depthwise convolution on the channel-blocked layout NCHW16c (one filter per channel),
// the arithmetic of a quantized depthwise_conv2d: NCHW16c in and out, floats (the input
// quantized per tensor as the layer reads it) or the int8 values of chained int8 layers
// (nchwc_int8_io.h).
//
// A quantized depthwise layer does few products per value it reads (9 or 25), so what it
// costs is memory: the float simulation writes the quantized activation out as floats
// (fake_quantize_dequantize_*) and reads it back. Here the input rows a band of output rows
// needs are quantized into a small band that stays in cache (q = round(x / s) as the int8
// convs round and clamp, the padding q = 0), then each output channel sums q times its int8
// weights. The sums are exact in float32 lanes (integers below 2^24: |q| <= 128 and |w| <=
// 127 over at most kNchwcInt8DepthwiseMaxTaps taps), one FMA per 16 products, as many as
// the widened int16 pairs of vpmaddwd would give after their unpacking. The epilogue scales
// the sums back (input scale x the channel's weight scale), adds the bias and applies the
// fused activation, 16 floats (or, for int8 readers, 16 int8 q) a store.
// The portable loops compute the same sums (tests compare both to a naive loop); the kernel
// runs AVX-512 where the CPU has it.
#pragma once

#include <cstddef>
#include <cstdint>

#include "lite/backends/host/math/im2col.h"  // ConvWindow
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_io.h"
#include "lite/utils/activation.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

constexpr int kNchwcInt8DepthwiseBlock = 16;
// Taps a filter may have for exact float32 sums: 128 * 127 * 1024 < 2^24.
constexpr int kNchwcInt8DepthwiseMaxTaps = 1024;

enum class NchwcInt8DepthwiseIsa { kAuto, kScalar, kAvx512 };
NchwcInt8DepthwiseIsa NchwcInt8DepthwiseBestIsa();

// The window (sizes, kernel, stride, dilation, top/left padding) and the channels.
struct NchwcInt8DepthwiseShape : lite::host::math::ConvWindow {
  int channels{0};
};

// Positive sizes, strides and dilations, paddings >= 0, output sizes the window gives, at
// most kNchwcInt8DepthwiseMaxTaps taps.
bool NchwcInt8DepthwiseSupports(const NchwcInt8DepthwiseShape& s);

// The filter [channels][1][kh][kw] (int8) as floats [block][kh][kw][16], zero past
// `channels`, and per channel the epilogue's scale (input scale x weight scale) and bias,
// padded to whole blocks with zeros. Reads the shape's channels and kernel only.
class NchwcInt8DepthwiseFilter {
 public:
  NchwcInt8DepthwiseFilter() = default;
  NchwcInt8DepthwiseFilter(const NchwcInt8DepthwiseShape& s, const int8_t* filter,
                           const float* scales, const float* bias);
  const float* weights(int block) const { return weights_.data() + block * block_floats_; }
  const float* scales(int block) const { return scales_.data() + block * kNchwcInt8DepthwiseBlock; }
  const float* bias(int block) const { return bias_.data() + block * kNchwcInt8DepthwiseBlock; }
  bool empty() const { return weights_.empty(); }

 private:
  size_t block_floats_{0};
  AlignedVector<float> weights_, scales_, bias_;
};

// Floats of the band a call of up to `out_rows` output rows quantizes into.
size_t NchwcInt8DepthwiseBandFloats(const NchwcInt8DepthwiseShape& s, int out_rows);

// Output rows [oy0, oy1) of channel block `block` of one image: `in` is that block's plane
// [in_h][in_w][16] (a float one is quantized with QuantizeToQ; its inv_scale must be
// positive and finite), `out` its output plane [out_h][out_w][16].
// `band` holds NchwcInt8DepthwiseBandFloats(s, oy1 - oy0) floats of scratch.
void NchwcInt8DepthwiseRows(const NchwcInt8DepthwiseShape& s, const NchwcInt8Source& in,
                            const NchwcInt8DepthwiseFilter& filter, int block,
                            const Activation& act, int oy0, int oy1, float* band,
                            const NchwcInt8Sink& out,
                            NchwcInt8DepthwiseIsa isa = NchwcInt8DepthwiseIsa::kAuto);

namespace nchwc_int8_internal {
// The band's geometry: the input rows and columns (from row oy0 * stride - pad_top and
// column -pad_left) one call reads.
struct DepthwiseBand {
  int rows{0}, cols{0};
  int first_row{0};  // the input row of band row 0
};
DepthwiseBand DepthwiseBandOf(const NchwcInt8DepthwiseShape& s, int oy0, int oy1);

// The AVX-512 half (nchwc_int8_depthwise_avx512.cc); same contract.
void DepthwiseRowsAvx512(const NchwcInt8DepthwiseShape& s, const NchwcInt8Source& in,
                         const NchwcInt8DepthwiseFilter& filter, int block,
                         const Activation& act, int oy0, int oy1, float* band,
                         const NchwcInt8Sink& out);
}  // namespace nchwc_int8_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
