// Source indices and weights of nearest / bilinear interpolation along one axis (shared by
// the host and x86 interpolate kernels). They follow Paddle's CPU kernels, including their
// float/double mix, so indices match exactly.
#pragma once

#include <algorithm>
#include <vector>

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// Source step per output step along one axis.
inline float InterpSourceRatio(int in, int out, float given_scale, bool align_corners) {
  if (out <= 1) return 0.f;
  if (align_corners) return static_cast<float>(in - 1) / (out - 1);
  return given_scale > 0.f ? static_cast<float>(1. / given_scale)
                           : static_cast<float>(in) / out;
}

// `v` truncated toward zero and clamped to [0, in-1]; clamping before the cast keeps a huge
// or NaN position (a tiny given scale makes the ratio huge) defined.
inline int SourceIndex(double v, int in) {
  if (!(v > 0)) return 0;
  if (v >= in - 1) return in - 1;
  return static_cast<int>(v);
}

// Nearest source index per output index (clamped so a size forced by OutSize never reads
// past the input).
inline std::vector<int> NearestIndices(int in, int out, float ratio, bool align_corners) {
  std::vector<int> idx(out);
  for (int k = 0; k < out; ++k) {
    idx[k] = SourceIndex(align_corners ? ratio * k + 0.5 : ratio * k, in);
  }
  return idx;
}

// Bilinear taps along one axis: lower/upper source index and the weight of the upper.
struct LinearTaps {
  std::vector<int> lo, hi;
  std::vector<float> w_hi;
};

inline LinearTaps MakeLinearTaps(int in, int out, float ratio, bool align_corners,
                                 int align_mode) {
  const bool half_pixel = align_mode == 0 && !align_corners;
  LinearTaps t;
  for (int k = 0; k < out; ++k) {
    const int lo = SourceIndex(half_pixel ? ratio * (k + 0.5) - 0.5 : ratio * k, in);
    const int hi = (lo + 1) < (in - 1) ? (lo + 1) : (in - 1);
    float src = ratio * (k + 0.5) - 0.5;
    src = src > 0 ? src : 0;
    const float w = half_pixel ? src - lo : ratio * k - lo;
    t.lo.push_back(lo);
    t.hi.push_back(hi);
    t.w_hi.push_back(w);
  }
  return t;
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
