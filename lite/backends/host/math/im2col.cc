#include "lite/backends/host/math/im2col.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace paddle {
namespace lite {
namespace host {
namespace math {

namespace {

// Output columns [begin, end) of a row read the input inside [0, in_w); the others read
// padding. offset = kw * dilation_w - pad_left, so iw = ow * stride + offset.
struct InsideRange {
  int begin, end;
};

InsideRange InsideColumns(int out_w, int in_w, int stride, int offset) {
  // iw >= 0  <=>  ow >= ceil(-offset / stride);  iw < in_w  <=>  ow <= (in_w - 1 - offset) / stride
  // (int64: padding and stride may each be near 2^31).
  const int64_t s = stride;
  const int64_t reach = int64_t{in_w} - 1 - offset;
  const int64_t begin = std::min<int64_t>(offset >= 0 ? 0 : (-int64_t{offset} + s - 1) / s, out_w);
  const int64_t end = std::max(begin, std::min<int64_t>(reach < 0 ? 0 : reach / s + 1, out_w));
  return {static_cast<int>(begin), static_cast<int>(end)};
}

// One output row of one (channel, kh, kw) row of col.
template <typename T>
void UnfoldRow(const T* in_row, int out_w, int stride, int offset, InsideRange inside, T* dst) {
  std::fill(dst, dst + inside.begin, T(0));
  const T* src = in_row + static_cast<int64_t>(inside.begin) * stride + offset;
  const int count = inside.end - inside.begin;
  int i = 0;
  if (stride == 1) {
    std::memcpy(dst + inside.begin, src, sizeof(T) * count);
    i = count;
  }
#if defined(__SSE2__)
  if constexpr (std::is_same_v<T, float>) {
    // Stride 2 (downsampling convs, stems): the even lanes of two loads per four outputs.
    // A block reads up to src[2 * i + 7]; stopping while a fifth output is left keeps that
    // below src[2 * (count - 1)], the last pixel the row reads.
    for (; stride == 2 && i + 5 <= count; i += 4) {
      const __m128 lo = _mm_loadu_ps(src + 2 * i), hi = _mm_loadu_ps(src + 2 * i + 4);
      _mm_storeu_ps(dst + inside.begin + i, _mm_shuffle_ps(lo, hi, _MM_SHUFFLE(2, 0, 2, 0)));
    }
  }
#endif
  for (; i < count; ++i) dst[inside.begin + i] = src[static_cast<int64_t>(i) * stride];
  std::fill(dst + inside.end, dst + out_w, T(0));
}

template <typename T>
void Im2ColRowsOf(const T* im, int channels, const ConvWindow& w, int oh_begin, int oh_end,
                  T* col) {
  const int64_t block = static_cast<int64_t>(oh_end - oh_begin) * w.out_w;
  for (int c = 0; c < channels; ++c) {
    const T* plane = im + static_cast<int64_t>(c) * w.in_h * w.in_w;
    for (int kh = 0; kh < w.kernel_h; ++kh) {
      for (int kw = 0; kw < w.kernel_w; ++kw) {
        const int offset = kw * w.dilation_w - w.pad_left;
        const InsideRange inside = InsideColumns(w.out_w, w.in_w, w.stride_w, offset);
        T* dst = col + ((static_cast<int64_t>(c) * w.kernel_h + kh) * w.kernel_w + kw) * block;
        for (int oh = oh_begin; oh < oh_end; ++oh, dst += w.out_w) {
          const int64_t ih = int64_t{oh} * w.stride_h - w.pad_top + int64_t{kh} * w.dilation_h;
          if (ih < 0 || ih >= w.in_h) {
            std::fill(dst, dst + w.out_w, T(0));
          } else {
            UnfoldRow(plane + static_cast<int64_t>(ih) * w.in_w, w.out_w, w.stride_w, offset,
                      inside, dst);
          }
        }
      }
    }
  }
}

}  // namespace

void Im2ColRows(const float* im, int channels, const ConvWindow& w, int oh_begin, int oh_end,
                float* col) {
  Im2ColRowsOf(im, channels, w, oh_begin, oh_end, col);
}

void Im2ColRows(const int8_t* im, int channels, const ConvWindow& w, int oh_begin, int oh_end,
                int8_t* col) {
  Im2ColRowsOf(im, channels, w, oh_begin, oh_end, col);
}

void Col2ImRowsAdd(const float* col, int channels, const ConvWindow& w, int oh_begin, int oh_end,
                   float* im) {
  const int64_t block = static_cast<int64_t>(oh_end - oh_begin) * w.out_w;
  for (int c = 0; c < channels; ++c) {
    float* plane = im + static_cast<int64_t>(c) * w.in_h * w.in_w;
    for (int kh = 0; kh < w.kernel_h; ++kh) {
      for (int kw = 0; kw < w.kernel_w; ++kw) {
        const int offset = kw * w.dilation_w - w.pad_left;
        const InsideRange inside = InsideColumns(w.out_w, w.in_w, w.stride_w, offset);
        const float* src =
            col + ((static_cast<int64_t>(c) * w.kernel_h + kh) * w.kernel_w + kw) * block;
        for (int oh = oh_begin; oh < oh_end; ++oh, src += w.out_w) {
          const int64_t ih = int64_t{oh} * w.stride_h - w.pad_top + int64_t{kh} * w.dilation_h;
          if (ih < 0 || ih >= w.in_h) continue;
          float* row = plane + ih * w.in_w;
          for (int ow = inside.begin; ow < inside.end; ++ow) {
            row[static_cast<int64_t>(ow) * w.stride_w + offset] += src[ow];
          }
        }
      }
    }
  }
}

void Im2Col(const float* im, int channels, const ConvWindow& w, float* col) {
  Im2ColRows(im, channels, w, 0, w.out_h, col);
}

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
