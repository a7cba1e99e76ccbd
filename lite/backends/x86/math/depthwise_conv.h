// Direct depthwise convolution of one image plane with AVX2/FMA (square 3x3 or 5x5 filter,
// stride 1 or 2, dilation 1, any padding). The plane is first copied into a zero-padded
// scratch so the inner loop has no borders; output rows are computed 8 pixels per ymm.
// Declarations only: the intrinsics live in depthwise_conv_avx2.cc (built with -mavx2
// -mfma); call only when lite::x86::CpuHasAvx2Fma() is true.
#pragma once

#include <cstddef>

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

struct DepthwisePlane {
  int in_h{0}, in_w{0};
  int out_h{0}, out_w{0};
  int kernel{3};  // 3 or 5
  int stride{1};  // 1 or 2
  int pad_top{0}, pad_left{0};
};

// Activations the store clips in-register; anything else is applied by the caller.
enum class DepthwiseActivation { kNone, kRelu, kRelu6 };

// Whether the direct AVX2 path handles this filter (else the caller falls back).
inline bool DepthwiseAvx2Supports(int kernel_h, int kernel_w, int stride_h, int stride_w,
                                  int dilation_h, int dilation_w) {
  return kernel_h == kernel_w && (kernel_h == 3 || kernel_h == 5) && stride_h == stride_w &&
         (stride_h == 1 || stride_h == 2) && dilation_h == 1 && dilation_w == 1;
}

// The zero-padded scratch plane covers every input position the vector loop reads: rows
// up to the last output row's window, columns up to the last (rounded-up) 8-pixel block's
// window, plus one for stride 2, which loads 16 floats and keeps the even ones.
inline int DepthwisePaddedWidth(const DepthwisePlane& p) {
  return (p.out_w + 7) / 8 * 8 * p.stride + p.kernel;
}
inline int DepthwisePaddedHeight(const DepthwisePlane& p) {
  return (p.out_h - 1) * p.stride + p.kernel;
}

// Floats of scratch one call of DepthwiseConvPlaneAvx2 needs for `p`.
inline size_t DepthwiseScratchSize(const DepthwisePlane& p) {
  if (p.out_h <= 0 || p.out_w <= 0) return 0;
  return static_cast<size_t>(DepthwisePaddedHeight(p)) * DepthwisePaddedWidth(p);
}

// out[oy, ox] = act(bias + sum_{ky,kx} filter[ky, kx] * in[oy*s - pt + ky, ox*s - pl + kx]),
// zero outside the input. `filter` is kernel*kernel floats; `scratch` holds at least
// DepthwiseScratchSize(p) floats; relu6 clips at `relu6_threshold`.
void DepthwiseConvPlaneAvx2(const float* in, const float* filter, float bias,
                            const DepthwisePlane& p, DepthwiseActivation act,
                            float relu6_threshold, float* scratch, float* out);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
