// Filters and biases of the OpenCL convolutions (conv.cl), packed once on the host (at the
// first run) as the texels of RGBA weight images in the order the kernels read them, then
// stored float or half like the activations, in an image or a buffer (PackedWeights in
// cl_kernel_util.h); the math stays float.
//
// Why the kernels take Filter and Bias as host weights and pack them, rather than as
// io_copy_once buffers: the kernels read four output channels x four input channels per
// input texel, so the filter is stored as 4x4 blocks, four texels each, that only a repack
// gives.
//
// The block filter image (BlockFilter): output channels in blocks of 4 (ocb), input
// channels in blocks of 4 (the texels of the input image). Output block ocb reads the
// `count` input blocks from `first` that hold its groups' input channels (all blocks when
// groups == 1). Row ocb * taps + tap (tap = i * KW + j) holds `stride` blocks of four texels:
//   texel (4 * b + lane_in, row) = the weights from input lane lane_in to the 4 output lanes
// with zeros for channel pairs in different groups and for channels past C or OC, so grouped
// convolutions whose channel counts are not multiples of 4 run the same dense 4x4 loop.
// The image is 4 * stride texels wide (about C) and ceil(OC / 4) * taps high.
//
// The depthwise filter image: texel (tap, cb) holds channels 4 * cb .. 4 * cb + 3 of the tap.
// The bias image: one row, texel ocb holds output channels 4 * ocb .. 4 * ocb + 3.
#pragma once

#include <string>
#include <vector>

#include "lite/backends/opencl/cl_runtime.h"
#include "lite/core/tensor.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

struct BlockFilter {
  std::vector<float> weights;  // the image's texels, row by row
  std::vector<cl_int> ranges;  // per ocb: first input block, count
  int stride{0};               // input blocks per (ocb, tap): the largest count
  int taps{0};
  size_t width() const { return 4 * static_cast<size_t>(stride); }
  size_t height() const { return ranges.size() / 2 * static_cast<size_t>(taps); }
};

// conv2d's Filter [OC, C / groups, KH, KW].
BlockFilter PackConvFilter(const Tensor& filter, int groups, const std::string& who);
// conv2d_transpose's Filter [C, OC / groups, KH, KW] (input channels first).
BlockFilter PackConvTransposeFilter(const Tensor& filter, int groups, const std::string& who);
// A depthwise Filter [C, 1, KH, KW] as the texels of the depthwise filter image,
// KH * KW wide and ceil(C / 4) high (zeros past C).
std::vector<float> PackDepthwiseFilter(const Tensor& filter, const std::string& who);
// The bias image's texels: ceil(out_c / 4) (zeros past out_c, all zeros without a bias).
std::vector<float> PackBias(const Tensor* bias, int out_c, const std::string& who);

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
