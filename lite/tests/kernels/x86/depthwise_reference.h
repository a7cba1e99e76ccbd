// A plain depthwise reference for the x86 depthwise math tests, written from the definition
// (double accumulation, activations by activation_reference.h).
#pragma once

#include <algorithm>
#include <vector>

#include "lite/backends/x86/math/depthwise/depthwise_conv.h"
#include "lite/tests/kernels/activation_reference.h"

namespace paddle {
namespace lite {
namespace test {

// One plane: in is p.in_h x p.in_w, f is p.kernel x p.kernel; returns p.out_h x p.out_w.
inline std::vector<float> ReferenceDepthwisePlane(const float* in, const float* f, float bias,
                                                  const lite::x86::math::DepthwisePlane& p,
                                                  const Activation& act) {
  std::vector<float> out(static_cast<size_t>(p.out_h) * p.out_w);
  for (int oy = 0; oy < p.out_h; ++oy) {
    for (int ox = 0; ox < p.out_w; ++ox) {
      double acc = bias;
      for (int ky = 0; ky < p.kernel; ++ky) {
        for (int kx = 0; kx < p.kernel; ++kx) {
          const int y = oy * p.stride_h - p.pad_top + ky, x = ox * p.stride_w - p.pad_left + kx;
          if (y < 0 || y >= p.in_h || x < 0 || x >= p.in_w) continue;
          acc += static_cast<double>(in[y * p.in_w + x]) * f[ky * p.kernel + kx];
        }
      }
      out[oy * p.out_w + ox] = static_cast<float>(ActivateReference(acc, act));
    }
  }
  return out;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
