// The ISA-neutral half of the channel-blocked direct convolution (nchwc_conv_kernel.inc):
// its shape, what it takes, and the filter packing, for any block size (x86 NCHW16c, ARM
// NCHW4c). Plain C++, built with baseline flags into each backend's math library, so no
// ISA-flagged copy of these functions exists for the linker to pick.
#pragma once

#include <cstddef>

#include "lite/backends/host/math/im2col.h"  // ConvWindow
#include "lite/utils/tailored_math.h"

namespace paddle {
namespace lite {
namespace simd {

// The window geometry (sizes, kernel, stride, dilation, top/left padding) plus channels.
struct NchwcConvShape : lite::host::math::ConvWindow {
  int in_c{0}, out_c{0};
  bool blocked_input{true};  // blocked input; false: NCHW input (first convolutions)
};

// Output blocks per packed filter group (the widest register tile's blocks).
constexpr int kNchwcGroupBlocks = 4;
// Most taps (kernel_h * kernel_w) a filter may have.
constexpr int kNchwcMaxTaps = 256;

// Whether the shape is one the kernels take: positive sizes, strides and dilations,
// non-negative paddings, at most kNchwcMaxTaps taps. (Windows wholly in the padding give
// the bias.)
bool NchwcConvSupports(const NchwcConvShape& s);

// A pointwise shape: 1x1 filter, stride 1, no padding (its "rows" are the image's pixels
// taken as one row).
bool NchwcConvIsPointwise(const NchwcConvShape& s);
// Rows the convolution splits the output into: out_h, or out_h * out_w for pointwise shapes.
int NchwcConvRows(const NchwcConvShape& s);

// The register tiles' specializations (tailored_math.h), by input layout and taps:
//   nchwc_conv_pointwise  blocked input, one tap at a constant offset (pointwise shapes, and
//                         the blocked Winograd's products)
//   nchwc_conv_blocked    blocked input, any filter (pointwise shapes too, slower)
//   nchwc_conv_image      NCHW input (a network's first convolutions)
constexpr const char* NchwcConvSpecialization(bool blocked_input, bool unit_tap) {
  if (!blocked_input) return "nchwc_conv_image";
  return unit_tap ? "nchwc_conv_pointwise" : "nchwc_conv_blocked";
}

// Checks a call of a target's NchwcConv (nchwc_math.inc): a shape it takes, tiles for it in
// this build (a library tailored for other models may lack them), and output blocks
// [block_begin, block_end) of `block` channels and rows [row_begin, row_end) inside the
// output, the blocks whole packed groups. `who` names the target's function in the error.
void CheckNchwcConvCall(const NchwcConvShape& s, int block, int block_begin, int block_end,
                        int row_begin, int row_end, const char* who);

// The filter [out_c][in_c][kh][kw] (one group) repacked per group of up to
// kNchwcGroupBlocks output blocks of `block` channels as
// [input chunk][kh][kw][chunk channel][block][lane], zero past out_c and (blocked input)
// past in_c, followed by the bias padded to whole blocks (zero without a bias). An input
// chunk is a block of `block` channels (blocked input) or one channel (NCHW input).
size_t NchwcPackedFilterSize(const NchwcConvShape& s, int block);
void NchwcPackFilter(const NchwcConvShape& s, int block, const float* filter,
                     const float* bias, float* packed);

}  // namespace simd
}  // namespace lite
}  // namespace paddle
