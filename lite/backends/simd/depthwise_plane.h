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
  int stride{1};  // 1 or 2
  int pad_top{0}, pad_left{0};
};

// Whether the direct path handles this filter (else the caller falls back).
inline bool DepthwiseDirectSupports(int kernel_h, int kernel_w, int stride_h, int stride_w,
                                    int dilation_h, int dilation_w) {
  return kernel_h == kernel_w && (kernel_h == 3 || kernel_h == 5) && stride_h == stride_w &&
         (stride_h == 1 || stride_h == 2) && dilation_h == 1 && dilation_w == 1;
}

}  // namespace simd
}  // namespace lite
}  // namespace paddle
