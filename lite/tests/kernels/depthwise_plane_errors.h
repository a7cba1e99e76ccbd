// The depthwise direct loops' entry points (x86 and ARM, over lite/backends/simd) given a
// filter no direct loop takes: an error naming the entry point and the filter, nothing
// written. The kernels fall back before calling them; this is their guard.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "lite/backends/simd/depthwise_plane.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace test {

using DepthwisePlaneFn = void (*)(const float* in, const float* filter, float bias,
                                  const simd::DepthwisePlane& p, const Activation& act, float* out);
using DepthwisePlanesFn = void (*)(const float* in, const float* filters, const float* biases,
                                   int channels, int begin, int end, const simd::DepthwisePlane& p,
                                   const Activation& act, float* out);

inline void ExpectUnsupportedDepthwiseFiltersNamed(DepthwisePlaneFn plane,
                                                   DepthwisePlanesFn planes) {
  simd::DepthwisePlane p;
  p.in_h = p.in_w = 9;
  p.out_h = p.out_w = 3;
  p.kernel = 7;
  const std::vector<float> in(81, 1.f), filter(49, 1.f);
  std::vector<float> out(9, 0.f);
  ExpectErrorContaining([&] { plane(in.data(), filter.data(), 0.f, p, Activation(), out.data()); },
                        "DepthwiseConvPlane: no direct loop for a 7x7 filter with strides (1, 1)");
  p.kernel = 3;
  p.stride_w = 2;  // (1, 2): the direct loops take (1, 1), (2, 2) and (2, 1)
  ExpectErrorContaining(
      [&] { planes(in.data(), filter.data(), nullptr, 1, 0, 1, p, Activation(), out.data()); },
      "DepthwiseConvPlanes: no direct loop for a 3x3 filter with strides (1, 2)");
  EXPECT_EQ(out, std::vector<float>(9, 0.f));
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
