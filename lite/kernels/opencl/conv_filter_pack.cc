#include "lite/kernels/opencl/conv_filter_pack.h"

#include <algorithm>
#include <cstdint>

#include "lite/core/op_registry.h"
#include "lite/kernels/opencl/cl_kernel_util.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace opencl {

namespace {

// The float values of a host weight (the kernels' Filter and Bias are bound as host tensors).
const float* HostWeight(const Tensor& t, const char* arg, const std::string& who) {
  PLITE_CHECK(IsHostMemory(t.target()), who, ": ", arg,
              " must be in host memory (a weight), it is on ", lite_api::TargetToStr(t.target()));
  return t.data<float>();
}

// The block layout of conv_filter_pack.h; weight(oc, ic, tap) is the filter value from input
// channel ic to output channel oc, asked only for channels of one group.
template <typename Weight>
BlockFilter PackBlocks(int64_t out_c, int64_t in_c, int64_t groups, int64_t taps,
                       const Weight& weight) {
  const int64_t oc_per_group = out_c / groups, ic_per_group = in_c / groups;
  const int64_t ocbs = (out_c + 3) / 4;
  BlockFilter f;
  f.taps = static_cast<int>(taps);
  f.ranges.resize(2 * ocbs);
  for (int64_t ocb = 0; ocb < ocbs; ++ocb) {
    // The groups of the block's first and last output channels, and their input blocks.
    const int64_t g0 = 4 * ocb / oc_per_group;
    const int64_t g1 = std::min(4 * ocb + 3, out_c - 1) / oc_per_group;
    const int64_t first = g0 * ic_per_group / 4;
    const int64_t end = ((g1 + 1) * ic_per_group + 3) / 4;
    f.ranges[2 * ocb] = static_cast<cl_int>(first);
    f.ranges[2 * ocb + 1] = static_cast<cl_int>(end - first);
    f.stride = std::max(f.stride, static_cast<int>(end - first));
  }
  f.weights.assign(ocbs * taps * f.stride * 16, 0.f);
  for (int64_t ocb = 0; ocb < ocbs; ++ocb) {
    for (int64_t tap = 0; tap < taps; ++tap) {
      for (int64_t b = 0; b < f.ranges[2 * ocb + 1]; ++b) {
        float* block = &f.weights[((ocb * taps + tap) * f.stride + b) * 16];
        for (int64_t li = 0; li < 4; ++li) {
          const int64_t ic = 4 * (f.ranges[2 * ocb] + b) + li;
          for (int64_t lo = 0; lo < 4; ++lo) {
            const int64_t oc = 4 * ocb + lo;
            if (ic < in_c && oc < out_c && oc / oc_per_group == ic / ic_per_group) {
              block[li * 4 + lo] = weight(oc, ic, tap);
            }
          }
        }
      }
    }
  }
  return f;
}

}  // namespace

BlockFilter PackConvFilter(const Tensor& filter, int groups, const std::string& who) {
  const DDim& d = filter.dims();
  PLITE_CHECK(d.size() == 4, who, ": Filter must be 4-D, got ", d);
  const float* w = HostWeight(filter, "Filter", who);
  const int64_t ic_per_group = d[1], taps = d[2] * d[3];
  return PackBlocks(d[0], d[1] * groups, groups, taps, [&](int64_t oc, int64_t ic, int64_t tap) {
    return w[(oc * ic_per_group + ic % ic_per_group) * taps + tap];
  });
}

BlockFilter PackConvTransposeFilter(const Tensor& filter, int groups, const std::string& who) {
  const DDim& d = filter.dims();
  PLITE_CHECK(d.size() == 4, who, ": Filter must be 4-D, got ", d);
  const float* w = HostWeight(filter, "Filter", who);
  const int64_t oc_per_group = d[1], taps = d[2] * d[3];
  return PackBlocks(d[1] * groups, d[0], groups, taps, [&](int64_t oc, int64_t ic, int64_t tap) {
    return w[(ic * oc_per_group + oc % oc_per_group) * taps + tap];
  });
}

std::vector<float> PackDepthwiseFilter(const Tensor& filter, const std::string& who) {
  const DDim& d = filter.dims();
  PLITE_CHECK(d.size() == 4 && d[1] == 1, who, ": a depthwise Filter is [C, 1, KH, KW], got ", d);
  const float* w = HostWeight(filter, "Filter", who);
  const int64_t channels = d[0], taps = d[2] * d[3];
  std::vector<float> packed(((channels + 3) / 4) * taps * 4, 0.f);
  for (int64_t c = 0; c < channels; ++c) {
    for (int64_t tap = 0; tap < taps; ++tap) {
      packed[((c / 4) * taps + tap) * 4 + c % 4] = w[c * taps + tap];
    }
  }
  return packed;
}

std::vector<float> PackBias(const Tensor* bias, int out_c, const std::string& who) {
  std::vector<float> packed(((out_c + 3) / 4) * 4, 0.f);
  if (!bias) return packed;
  PLITE_CHECK(bias->numel() == out_c, who, ": Bias has ", bias->numel(),
              " values, expected one per output channel (", out_c, ")");
  const float* b = HostWeight(*bias, "Bias", who);
  std::copy(b, b + out_c, packed.begin());
  return packed;
}

}  // namespace opencl
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
