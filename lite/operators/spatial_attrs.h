// Attribute rules shared by the NCHW spatial ops (conv2d, pool2d, batch_norm): paddings,
// padding_algorithm, data format, SAME padding and window output sizes, as Paddle defines them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace operators {

// Paddle gives paddings as 2 values (symmetric per axis: h, w) or 4 (top, bottom, left,
// right); params always hold 4.
inline std::vector<int> ExpandPaddings(const std::string& op, const std::vector<int>& pads) {
  PLITE_CHECK(pads.size() == 2 || pads.size() == 4, "op '", op,
              "': attribute 'paddings' must have 2 or 4 values, got ", pads);
  for (int p : pads) {
    PLITE_CHECK(p >= 0, "op '", op, "': attribute 'paddings' must be >= 0, got ", pads);
  }
  if (pads.size() == 4) return pads;
  return {pads[0], pads[0], pads[1], pads[1]};
}

inline void CheckPaddingAlgorithm(const std::string& op, const std::string& algorithm) {
  PLITE_CHECK(algorithm == "EXPLICIT" || algorithm == "SAME" || algorithm == "VALID", "op '", op,
              "': unsupported attribute padding_algorithm '", algorithm,
              "' (expected EXPLICIT, SAME or VALID)");
}

// Only NCHW is implemented; Paddle writes "AnyLayout" when the layout does not matter.
inline void CheckNchwDataFormat(const std::string& op, const std::string& attr,
                                const std::string& format) {
  PLITE_CHECK(format == "NCHW" || format == "AnyLayout", "op '", op, "': unsupported ", attr,
              " '", format, "' (only NCHW is supported)");
}

// Two positive values (h, w), as strides, dilations and ksize are.
inline void CheckPositivePair(const std::string& op, const std::string& attr,
                              const std::vector<int>& values) {
  PLITE_CHECK(values.size() == 2, "op '", op, "': attribute '", attr,
              "' must have 2 values, got ", values);
  PLITE_CHECK(values[0] > 0 && values[1] > 0, "op '", op, "': attribute '", attr,
              "' must be positive, got ", values);
}

// padding_algorithm "SAME": the output is ceil(in / stride) and the padding needed for
// that is split with the smaller half before.
inline void SamePadding(int64_t in, int kernel, int stride, int* before, int* after) {
  const int64_t out = (in + stride - 1) / stride;
  const int64_t sum = std::max<int64_t>((out - 1) * stride + kernel - in, 0);
  *before = static_cast<int>(sum / 2);
  *after = static_cast<int>(sum - sum / 2);
}

// Sliding-window output size. C++ division truncates toward zero, which is what Paddle
// computes (floor would differ when in + pads < window).
inline int64_t WindowOutputSize(int64_t in, int window, int pad_before, int pad_after,
                                int stride, bool ceil_mode = false) {
  int64_t span = in + pad_before + pad_after - window;
  if (ceil_mode) span += stride - 1;
  return span / stride + 1;
}

// Kernels index an image plane with int, as Paddle Lite's do: a positive output plane of
// more elements (huge paddings, say) is refused here, naming its size, rather than
// wrapping inside a kernel.
inline void CheckOutputPlane(const std::string& op, int64_t out_h, int64_t out_w,
                             const std::vector<int>& paddings) {
  PLITE_CHECK(out_h <= std::numeric_limits<int32_t>::max() / out_w, "op '", op,
              "': output plane ", out_h, "x", out_w, " has more than 2^31-1 elements (paddings ",
              paddings, ")");
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
