// Pool window ranges along one axis (shared by the host and x86 pool kernels, so both
// read the same inputs and divide by the same counts).
#pragma once

#include <algorithm>
#include <cstdint>

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// One output position's window along one axis: the input range [begin, end) it reads and
// the count an avg pool with exclusive=false divides by.
struct WindowRange {
  int begin{0};
  int end{0};
  int padded_size{0};
  int count() const { return std::max(end - begin, 0); }
};

// Adaptive: [floor(i * in / out), ceil((i + 1) * in / out)).
inline WindowRange AdaptiveRange(int i, int in, int out) {
  WindowRange r;
  r.begin = static_cast<int>((static_cast<int64_t>(i) * in) / out);
  r.end = static_cast<int>(((static_cast<int64_t>(i) + 1) * in + out - 1) / out);
  r.padded_size = r.end - r.begin;
  return r;
}

// Sliding window placed by the leading padding. As in Paddle, the non-exclusive divisor
// counts the window clipped to [-pad, in + pad) with the leading padding on both sides
// (identical to the true padded extent when paddings are symmetric).
inline WindowRange SlidingRange(int i, int in, int kernel, int stride, int pad) {
  // int64: stride and padding may each be near 2^31.
  WindowRange r;
  const int64_t start = int64_t{i} * stride - pad;
  const int64_t padded_end = std::min(start + kernel, int64_t{in} + pad);
  r.padded_size = static_cast<int>(padded_end - start);
  r.begin = static_cast<int>(std::clamp<int64_t>(start, 0, in));
  r.end = static_cast<int>(std::clamp<int64_t>(padded_end, 0, in));
  return r;
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
