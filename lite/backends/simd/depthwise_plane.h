// One image plane of a direct depthwise convolution and the filters the direct kernel runs:
// shared by the x86 and ARM kernels written over a vector type
// (lite/backends/simd/depthwise_conv_kernel.inc), so both take the same cases.
#pragma once

namespace paddle {
namespace lite {
namespace simd {

struct DepthwisePlane {
  int in_h{0}, in_w{0};
  int out_h{0}, out_w{0};
  int kernel{3};  // 3 or 5
  int stride_h{1}, stride_w{1};  // (1, 1), (2, 2) or (2, 1)
  int pad_top{0}, pad_left{0};
};

// Whether the direct path handles this filter (else the caller falls back).
inline bool DepthwiseDirectSupports(int kernel_h, int kernel_w, int stride_h, int stride_w,
                                    int dilation_h, int dilation_w) {
  // (2, 1) halves the height only: the text recognizers' and classifiers' downsampling.
  const bool strides = (stride_h == stride_w && (stride_h == 1 || stride_h == 2)) ||
                       (stride_h == 2 && stride_w == 1);
  return kernel_h == kernel_w && (kernel_h == 3 || kernel_h == 5) && strides &&
         dilation_h == 1 && dilation_w == 1;
}

}  // namespace simd
}  // namespace lite
}  // namespace paddle
