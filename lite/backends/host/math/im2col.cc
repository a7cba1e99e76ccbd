#include "lite/backends/host/math/im2col.h"

#include <cstdint>

namespace paddle {
namespace lite {
namespace host {
namespace math {

void Im2Col(const float* im, int channels, const ConvWindow& w, float* col) {
  const int64_t out_size = static_cast<int64_t>(w.out_h) * w.out_w;
  for (int c = 0; c < channels; ++c) {
    const float* plane = im + static_cast<int64_t>(c) * w.in_h * w.in_w;
    for (int kh = 0; kh < w.kernel_h; ++kh) {
      for (int kw = 0; kw < w.kernel_w; ++kw) {
        float* dst = col + ((static_cast<int64_t>(c) * w.kernel_h + kh) * w.kernel_w + kw) *
                               out_size;
        for (int oh = 0; oh < w.out_h; ++oh) {
          const int ih = oh * w.stride_h - w.pad_top + kh * w.dilation_h;
          const bool row_inside = ih >= 0 && ih < w.in_h;
          for (int ow = 0; ow < w.out_w; ++ow) {
            const int iw = ow * w.stride_w - w.pad_left + kw * w.dilation_w;
            const bool inside = row_inside && iw >= 0 && iw < w.in_w;
            *dst++ = inside ? plane[static_cast<int64_t>(ih) * w.in_w + iw] : 0.f;
          }
        }
      }
    }
  }
}

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
