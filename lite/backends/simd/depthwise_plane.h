// One image plane of a direct depthwise convolution and the filters the direct kernel runs:
// shared by the x86 and ARM kernels written over a vector type
// (lite/backends/simd/depthwise_conv_kernel.inc), so both take the same cases.
#pragma once

#include "lite/utils/check.h"
#include "lite/utils/tailored_math.h"

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

// The plane loops' specialization (tailored_math.h) for a square filter of `kernel` (3 or 5)
// and these strides ((1, 1), (2, 2) or (2, 1): the last halves the height only, the text
// recognizers' and classifiers' downsampling); "" for any other.
constexpr const char* DepthwisePlaneSpecialization(int kernel, int stride_h, int stride_w) {
  if (kernel != 3 && kernel != 5) return "";
  const bool k3 = kernel == 3;
  if (stride_h == 1 && stride_w == 1) return k3 ? "depthwise_plane_k3_s1" : "depthwise_plane_k5_s1";
  if (stride_h == 2 && stride_w == 2) return k3 ? "depthwise_plane_k3_s2" : "depthwise_plane_k5_s2";
  if (stride_h == 2 && stride_w == 1) {
    return k3 ? "depthwise_plane_k3_s2x1" : "depthwise_plane_k5_s2x1";
  }
  return "";
}

// Whether the direct path runs this filter (else the caller falls back): one of the
// specializations above with dilation 1, kept by the build.
inline bool DepthwiseDirectSupports(int kernel_h, int kernel_w, int stride_h, int stride_w,
                                    int dilation_h, int dilation_w) {
  return kernel_h == kernel_w && dilation_h == 1 && dilation_w == 1 &&
         MathKept(DepthwisePlaneSpecialization(kernel_h, stride_h, stride_w));
}
inline bool DepthwiseDirectSupports(const DepthwisePlane& p) {
  return DepthwiseDirectSupports(p.kernel, p.kernel, p.stride_h, p.stride_w, 1, 1);
}
// Throws, naming `caller` and the filter, where the direct path does not run this plane
// (the kernels choose their path with DepthwiseDirectSupports; this guards the entry points).
inline void CheckDepthwiseDirectSupports(const DepthwisePlane& p, const char* caller) {
  PLITE_CHECK(DepthwiseDirectSupports(p), caller, ": no direct loop for a ", p.kernel, "x",
              p.kernel, " filter with strides (", p.stride_h, ", ", p.stride_w, ") in this build");
}

}  // namespace simd
}  // namespace lite
}  // namespace paddle
