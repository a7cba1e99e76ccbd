#include "lite/backends/arm/math/fp16/im2col_fp16.h"

#include <arm_neon.h>

#include "lite/backends/arm/math/fp16/gemm_fp16.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

// One packed B panel row: the 16 columns [col0, col0 + cols) of im2col row (c, kh, kw) from
// the image plane; columns past `cols` are zero.
void UnfoldPanelRow(const float16_t* plane, const host::math::ConvWindow& w, int kh, int kw,
                    int col0, int cols, float16_t* dst) {
  int oh = col0 / w.out_w, ow = col0 % w.out_w;
  const int dh = kh * w.dilation_h - w.pad_top;
  const int dw = kw * w.dilation_w - w.pad_left;
  const int ih = oh * w.stride_h + dh, iw = ow + dw;
  if (w.stride_w == 1 && cols == kGemmFp16Cols && ow + kGemmFp16Cols <= w.out_w && ih >= 0 &&
      ih < w.in_h && iw >= 0 && iw + kGemmFp16Cols <= w.in_w) {
    // One output row reading one contiguous input run: the common interior case.
    const float16_t* src = plane + ih * w.in_w + iw;
    vst1q_f16(dst, vld1q_f16(src));
    vst1q_f16(dst + 8, vld1q_f16(src + 8));
    return;
  }
  for (int j = 0; j < kGemmFp16Cols; ++j) {
    float16_t v = 0;
    if (j < cols) {
      const int ih = oh * w.stride_h + dh, iw = ow * w.stride_w + dw;
      if (ih >= 0 && ih < w.in_h && iw >= 0 && iw < w.in_w) v = plane[ih * w.in_w + iw];
      if (++ow == w.out_w) ow = 0, ++oh;
    }
    dst[j] = v;
  }
}

}  // namespace

void Im2ColPackedFp16(const float16* im, int channels, const host::math::ConvWindow& w,
                      int col_begin, int col_end, float16* packed) {
  const auto* src = reinterpret_cast<const float16_t*>(im);
  auto* dst = reinterpret_cast<float16_t*>(packed);
  const long long plane = static_cast<long long>(w.in_h) * w.in_w;
  const int rows = channels * w.kernel_h * w.kernel_w;
  for (int col0 = col_begin; col0 < col_end; col0 += kGemmFp16Cols) {
    const int cols = col_end - col0 < kGemmFp16Cols ? col_end - col0 : kGemmFp16Cols;
    float16_t* panel = dst + static_cast<long long>(col0 - col_begin) * rows;
    for (int c = 0; c < channels; ++c) {
      for (int kh = 0; kh < w.kernel_h; ++kh) {
        for (int kw = 0; kw < w.kernel_w; ++kw, panel += kGemmFp16Cols) {
          UnfoldPanelRow(src + c * plane, w, kh, kw, col0, cols, panel);
        }
      }
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
