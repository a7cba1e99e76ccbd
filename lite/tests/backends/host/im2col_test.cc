// Im2Col / Im2ColRows against the definition: col[(c, kh, kw)][(oh, ow)] holds the input
// pixel the window places there, or 0 in the padding. Covers strides, dilations, paddings
// wider than the kernel reach (whole rows and columns of padding), and row blocks.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "lite/backends/host/math/im2col.h"

namespace paddle {
namespace lite {
namespace host {
namespace math {
namespace {

float Expected(const std::vector<float>& im, const ConvWindow& w, int c, int kh, int kw, int oh,
               int ow) {
  const int ih = oh * w.stride_h - w.pad_top + kh * w.dilation_h;
  const int iw = ow * w.stride_w - w.pad_left + kw * w.dilation_w;
  if (ih < 0 || ih >= w.in_h || iw < 0 || iw >= w.in_w) return 0.f;
  return im[(static_cast<int64_t>(c) * w.in_h + ih) * w.in_w + iw];
}

// Output size for symmetric-free paddings: top/left place the window, bottom/right extend.
ConvWindow Window(int in_h, int in_w, int k, int stride, int dilation, int pad_top, int pad_left,
                  int pad_bottom, int pad_right) {
  ConvWindow w;
  w.in_h = in_h;
  w.in_w = in_w;
  w.kernel_h = w.kernel_w = k;
  w.stride_h = w.stride_w = stride;
  w.dilation_h = w.dilation_w = dilation;
  w.pad_top = pad_top;
  w.pad_left = pad_left;
  const int extent = dilation * (k - 1) + 1;
  w.out_h = (in_h + pad_top + pad_bottom - extent) / stride + 1;
  w.out_w = (in_w + pad_left + pad_right - extent) / stride + 1;
  return w;
}

void CheckRows(const std::vector<float>& im, int channels, const ConvWindow& w, int oh0,
               int oh1) {
  const int64_t cols = static_cast<int64_t>(oh1 - oh0) * w.out_w;
  std::vector<float> col(static_cast<size_t>(channels) * w.kernel_h * w.kernel_w * cols, -7.f);
  Im2ColRows(im.data(), channels, w, oh0, oh1, col.data());
  for (int c = 0; c < channels; ++c) {
    for (int kh = 0; kh < w.kernel_h; ++kh) {
      for (int kw = 0; kw < w.kernel_w; ++kw) {
        const int64_t row = (static_cast<int64_t>(c) * w.kernel_h + kh) * w.kernel_w + kw;
        for (int oh = oh0; oh < oh1; ++oh) {
          for (int ow = 0; ow < w.out_w; ++ow) {
            ASSERT_EQ(col[row * cols + (oh - oh0) * w.out_w + ow],
                      Expected(im, w, c, kh, kw, oh, ow))
                << "c=" << c << " kh=" << kh << " kw=" << kw << " oh=" << oh << " ow=" << ow
                << " rows [" << oh0 << ", " << oh1 << ")";
          }
        }
      }
    }
  }
}

TEST(Im2Col, MatchesTheDefinition) {
  const int channels = 3;
  for (int k : {1, 2, 3, 5}) {
    for (int stride : {1, 2, 3}) {
      for (int dilation : {1, 2}) {
        for (int pad : {0, 1, 2, 6}) {  // 6 > every kernel's reach: rows of pure padding
          for (auto hw : std::vector<std::pair<int, int>>{{1, 1}, {7, 5}, {12, 17}}) {
            // Asymmetric: the right side gets half the padding of the others.
            const ConvWindow w =
                Window(hw.first, hw.second, k, stride, dilation, pad, pad, pad, pad / 2);
            if (w.out_h < 1 || w.out_w < 1) continue;
            std::vector<float> im(static_cast<size_t>(channels) * w.in_h * w.in_w);
            for (size_t i = 0; i < im.size(); ++i) im[i] = 1.f + static_cast<float>(i);
            SCOPED_TRACE(testing::Message() << "in " << w.in_h << "x" << w.in_w << " k=" << k
                                            << " stride=" << stride << " dilation=" << dilation
                                            << " pad=" << pad);
            CheckRows(im, channels, w, 0, w.out_h);
            if (w.out_h >= 3) CheckRows(im, channels, w, 1, w.out_h - 1);  // an inner block
          }
        }
      }
    }
  }
}

TEST(Im2Col, WholeImageEqualsRowsZeroToOutH) {
  const ConvWindow w = Window(9, 11, 3, 2, 1, 1, 1, 1, 1);
  std::vector<float> im(2 * 9 * 11);
  for (size_t i = 0; i < im.size(); ++i) im[i] = 0.5f * static_cast<float>(i) - 3.f;
  const size_t size = 2 * 9 * static_cast<size_t>(w.out_h) * w.out_w;
  std::vector<float> whole(size, -1.f), rows(size, -2.f);
  Im2Col(im.data(), 2, w, whole.data());
  Im2ColRows(im.data(), 2, w, 0, w.out_h, rows.data());
  EXPECT_EQ(whole, rows);
}

}  // namespace
}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
