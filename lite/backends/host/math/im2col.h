// im2col for NCHW convolution: unfolds the receptive fields of one image into a matrix so
// the convolution becomes a GEMM with the filter.
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {
namespace host {
namespace math {

// Geometry of a 2-D convolution window over one image plane. Only the top/left paddings
// place the window; the output size (computed by the op) already accounts for the
// bottom/right ones.
struct ConvWindow {
  int in_h{0}, in_w{0};
  int kernel_h{1}, kernel_w{1};
  int stride_h{1}, stride_w{1};
  int pad_top{0}, pad_left{0};
  int dilation_h{1}, dilation_w{1};
  int out_h{0}, out_w{0};
};

// im: [channels, in_h, in_w]; col: [channels * kernel_h * kernel_w, out_h * out_w].
// Row (c, kh, kw), column (oh, ow) holds im[c, oh*stride_h - pad_top + kh*dilation_h,
// ow*stride_w - pad_left + kw*dilation_w], or 0 where that falls in the padding.
void Im2Col(const float* im, int channels, const ConvWindow& w, float* col);

// The columns of output rows [oh_begin, oh_end) only: col is
// [channels * kernel_h * kernel_w, (oh_end - oh_begin) * out_w]. Lets a convolution unfold
// and multiply one block of output rows at a time, so the columns stay in cache, and lets
// threads unfold disjoint channel ranges or row blocks.
void Im2ColRows(const float* im, int channels, const ConvWindow& w, int oh_begin, int oh_end,
                float* col);
// The same for int8 data (quantized convolutions).
void Im2ColRows(const int8_t* im, int channels, const ConvWindow& w, int oh_begin, int oh_end,
                int8_t* col);

// The adjoint of Im2ColRows, for transposed convolution: adds each element of col
// [channels * kernel_h * kernel_w, (oh_end - oh_begin) * out_w] into the im position
// Im2ColRows would have read it from; positions in the padding are dropped. Here the
// window's "out" side is the transposed convolution's input and its "in" side the output.
// Channels write disjoint planes, so threads may take disjoint channel ranges.
void Col2ImRowsAdd(const float* col, int channels, const ConvWindow& w, int oh_begin, int oh_end,
                   float* im);

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
