// int8 direct convolution on the channel-blocked layout NCHW16c (lite/core/blocked_layout.h),
// the arithmetic of a quantized conv2d in a blocked chain: NCHW16c in and out, float or
// the int8 values of a chained int8 layer (nchwc_int8_io.h), int8 products summed exactly
// in int32 in between.
//
// 1. NchwcInt8FrameInput: the input, quantized per tensor (q = round(x / s) as QuantizeToQ
//    rounds and clamps) or its int8 q as they are, is stored as u8 q + 128 in a copy of the
//    blocked image framed by the convolution's padding ([in block][Hp][Wp][16], the frame
//    128, that is q = 0), so no tile checks an edge.
// 2. NchwcInt8Conv: a register tile is P pixels of one output row x OB blocks of 16 output
//    channels. For each input block, tap and quad of 4 input channels it loads OB weight
//    vectors (16 channels x 4 bytes) and, per pixel, multiplies the pixel's 4 bytes,
//    broadcast, into them (AVX512_VNNI vpdpbusd: u8 x s8, 64 products an instruction). The
//    u8 offset is exact to remove: 128 * sum of the channel's weights (every tap reads a
//    pixel, padded ones 128). Epilogue in registers: (acc - offset) * scale[oc] + bias[oc],
//    the fused activation, stored as 16 floats or, for int8 readers, 16 int8 q. Pointwise
//    (1x1, stride 1, unpadded) layers run the image as one row of H*W pixels.
// The portable path computes the same sums (tests compare them to a naive convolution); the
// kernel picks AVX512_VNNI where the CPU has it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "lite/backends/host/math/im2col.h"  // ConvWindow
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_io.h"
#include "lite/utils/activation.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

constexpr int kNchwcInt8Block = 16;  // channels a block (NCHW16c)
// Output blocks a packed filter group holds (the widest tile's).
constexpr int kNchwcInt8GroupBlocks = 4;

enum class NchwcInt8Isa { kAuto, kScalar, kAvx512Vnni };
NchwcInt8Isa NchwcInt8BestIsa();
const char* NchwcInt8IsaName(NchwcInt8Isa isa);

// One group; the window (sizes, kernel, stride, dilation, top/left padding) and channels.
struct NchwcInt8ConvShape : lite::host::math::ConvWindow {
  int in_c{0}, out_c{0};
};

// Whether the kernels take the shape: positive sizes and strides, dilations >= 1, paddings
// >= 0, output sizes the window gives.
bool NchwcInt8ConvSupports(const NchwcInt8ConvShape& s);

// The framed u8 copy of one image's input.
struct NchwcInt8Frame {
  int blocks{0}, h{0}, w{0};  // input blocks, framed rows and columns
  size_t Bytes() const { return static_cast<size_t>(blocks) * h * w * kNchwcInt8Block; }
};
NchwcInt8Frame NchwcInt8FrameOf(const NchwcInt8ConvShape& s);

// Framed rows [row_begin, row_end) of every block of one image (NCHW16c, or planar NCHW
// floats) into `frame` (NchwcInt8FrameOf(s).Bytes()): q + 128 with q the int8 input's, or
// QuantizeToQ of the float input; lanes past in_c and the frame around the image are 128.
void NchwcInt8FrameInput(const NchwcInt8ConvShape& s, const NchwcInt8Source& in, int row_begin,
                         int row_end, uint8_t* frame, NchwcInt8Isa isa = NchwcInt8Isa::kAuto);

// The filter [out_c][in_c][kh][kw] (int8) packed per group of up to kNchwcInt8GroupBlocks
// output blocks as [in block][kh][kw][quad][group block][16 lanes][4], zero past out_c and
// in_c, with each output channel's offset (128 * its weight sum) and, padded to whole
// blocks, the epilogue's scale and bias (zero past out_c).
class NchwcInt8Filter {
 public:
  NchwcInt8Filter() = default;
  NchwcInt8Filter(const NchwcInt8ConvShape& s, const int8_t* filter, const float* scale,
                  const float* bias);
  const int8_t* weights() const { return weights_.data(); }
  const int32_t* offsets() const { return offsets_.data(); }
  const float* scales() const { return scales_.data(); }
  const float* bias() const { return bias_.data(); }
  bool empty() const { return weights_.empty(); }

 private:
  AlignedVector<int8_t> weights_;
  AlignedVector<int32_t> offsets_;
  AlignedVector<float> scales_, bias_;
};

// Output blocks [block_begin, block_end) (whole packed groups: block_begin a multiple of
// kNchwcInt8GroupBlocks) x output rows [row_begin, row_end) of one image (for pointwise
// shapes rows are pixels: NchwcInt8ConvRows) from the framed input into `out` (NCHW16c).
void NchwcInt8Conv(const NchwcInt8ConvShape& s, const uint8_t* frame,
                   const NchwcInt8Filter& filter, const Activation& act, int block_begin,
                   int block_end, int row_begin, int row_end, const NchwcInt8Sink& out,
                   NchwcInt8Isa isa = NchwcInt8Isa::kAuto);

// Rows NchwcInt8Conv splits the output into: out_h, or out_h * out_w for pointwise shapes.
int NchwcInt8ConvRows(const NchwcInt8ConvShape& s);
bool NchwcInt8ConvIsPointwise(const NchwcInt8ConvShape& s);

namespace nchwc_int8_internal {
// The AVX512_VNNI halves (nchwc_int8_conv_avx512vnni.cc); same contracts.
void FrameInputAvx512(const NchwcInt8ConvShape& s, const NchwcInt8Frame& f,
                      const NchwcInt8Source& in, int row_begin, int row_end, uint8_t* frame);
void FramePlanarAvx512(const NchwcInt8ConvShape& s, const NchwcInt8Frame& f,
                       const NchwcInt8Source& in, int row_begin, int row_end, uint8_t* frame);
void ConvAvx512Vnni(const NchwcInt8ConvShape& s, const NchwcInt8Frame& f, const uint8_t* frame,
                    const NchwcInt8Filter& filter, const Activation& act, int block_begin,
                    int block_end, int row_begin, int row_end, const NchwcInt8Sink& out);
}  // namespace nchwc_int8_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
