// Filters and biases of the OpenCL convolutions (conv.cl), packed once on the host (at the
// first run) into device buffers in the order the kernels read them.
//
// Why the kernels take Filter and Bias as host weights and upload them, rather than as
// io_copy_once buffers: the kernels read four output channels x four input channels per
// input texel, so the filter is stored as 4x4 blocks of 16 contiguous floats that a work item
// loads as four float4s, a layout only a repack gives. Weights stay float with half images
// too: the device math is float (no cl_khr_fp16 needed), only activations are half.
//
// The block layout (BlockFilter): output channels in blocks of 4 (ocb), input channels in
// blocks of 4 (the texels of the input image). Output block ocb reads the `count` input
// blocks from `first` that hold its groups' input channels (all blocks when groups == 1):
//   weights[ocb][tap = i * KW + j][b < stride][4 input lanes][4 output lanes]
// with zeros for channel pairs in different groups and for channels past C or OC, so grouped
// convolutions whose channel counts are not multiples of 4 run the same dense 4x4 loop.
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
  std::vector<float> weights;
  std::vector<cl_int> ranges;  // per ocb: first input block, count
  int stride{0};               // input blocks per (ocb, tap): the largest count
};

// conv2d's Filter [OC, C / groups, KH, KW].
BlockFilter PackConvFilter(const Tensor& filter, int groups, const std::string& who);
// conv2d_transpose's Filter [C, OC / groups, KH, KW] (input channels first).
BlockFilter PackConvTransposeFilter(const Tensor& filter, int groups, const std::string& who);
// A depthwise Filter [C, 1, KH, KW] as [cb][tap][4 lanes] (zeros past C).
std::vector<float> PackDepthwiseFilter(const Tensor& filter, const std::string& who);
// Bias per output channel as ceil(out_c / 4) x 4 floats (zeros past out_c, all zeros
// without a bias).
std::vector<float> PackBias(const Tensor* bias, int out_c, const std::string& who);

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
