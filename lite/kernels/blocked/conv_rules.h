// Where the channel-blocked conv2d and depthwise_conv2d kernels apply (their registrations'
// .Applies): the same rules for every target, read by the blocked-layout planner,
// parameterized by the layout and by whether the target has the blocked Winograd path.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "lite/backends/simd/nchwc/nchwc_conv_plan.h"
#include "lite/backends/simd/nchwc/nchwc_depthwise_plan.h"
#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace blocked {

// 3x3 stride-1 filters run by the blocked Winograd F(4x4) on planes of at least this many
// 4x4 output tiles: fewer make the products narrow while the transformed filter (4x the
// filter) is streamed per block, and x86's NCHW kernel's F(2x2) is faster there (7x7).
constexpr int64_t kMinWinogradTiles = 16;
inline bool WinogradPays(int64_t out_h, int64_t out_w) {
  return ((out_h + 3) / 4) * ((out_w + 3) / 4) >= kMinWinogradTiles;
}

// The filter of a one-group convolution whose output channels pad well, else null.
inline const Tensor* PaddingWellFilter(const KernelOpView& op, DataLayoutType layout) {
  const Tensor* w = op.WeightOf("Filter");
  const bool one_group = op.desc().GetAttrOr<int>("groups", 1) == 1;
  return w && w->dims().size() == 4 && one_group && ChannelsPadWell(w->dims()[0], layout)
             ? w
             : nullptr;
}

// Multiply-adds of a convolution per image (output values x taps per output), or -1 where
// the plane is known only at run time.
inline int64_t ConvMacs(const KernelOpView& op) {
  const Tensor* w = op.WeightOf("Filter");
  const std::vector<int64_t> out = op.Dims(op.Output("Output"));
  if (!w || w->dims().size() != 4 || out.size() != 4 || out[1] < 0 || out[2] < 0 ||
      out[3] < 0) {
    return -1;
  }
  return out[1] * out[2] * out[3] * w->dims()[1] * w->dims()[2] * w->dims()[3];
}

// A target whose small layers run faster in NCHW (kMinMacs > 0) keeps those below it there.
template <int64_t kMinMacs>
bool EnoughWork(const KernelOpView& op) {
  if (kMinMacs == 0) return true;
  const int64_t macs = ConvMacs(op);
  return macs < 0 || macs >= kMinMacs;
}

// nchw_in: an image of fewer input channels than a block (a network's first convolution).
template <DataLayoutType kLayout, int64_t kMinMacs = 0>
bool ConvAppliesToImage(const KernelOpView& op) {
  const Tensor* w = PaddingWellFilter(op, kLayout);
  return w && w->dims()[1] < ChannelBlockOf(kLayout) && EnoughWork<kMinMacs>(op);
}

// def: pointwise and 3x3 filters on input channels that pad well; with kWinograd (the
// target's blocked 3x3 stride-1 layers run Winograd) not 3x3 stride-1 layers on planes too
// small for it.
template <DataLayoutType kLayout, bool kWinograd, int64_t kMinMacs = 0>
bool ConvAppliesToBlocked(const KernelOpView& op) {
  const Tensor* w = PaddingWellFilter(op, kLayout);
  if (!w || w->dims()[1] < ChannelBlockOf(kLayout) || !ChannelsPadWell(w->dims()[1], kLayout) ||
      !EnoughWork<kMinMacs>(op)) {
    return false;
  }
  const int64_t kh = w->dims()[2], kw = w->dims()[3];
  if (kh == 1 && kw == 1) return true;
  if (kh != 3 || kw != 3) return false;
  if (!kWinograd) return true;
  const auto strides = op.desc().GetAttrOr<std::vector<int>>("strides", std::vector<int>{1, 1});
  const std::vector<int64_t> out = op.Dims(op.Output("Output"));
  const bool stride1 = strides.size() == 2 && strides[0] == 1 && strides[1] == 1;
  return !(stride1 && out.size() == 4 && !WinogradPays(out[2], out[3]));
}

// The register tiles the blocked convolution runs for the op (MathSpecializations): on an
// NCHW input (nchw_in) the image tiles; on a blocked one the pointwise tiles for 1x1 stride-1
// unpadded filters, else the general tiles, and with kWinograd (the target's blocked 3x3
// stride-1 layers may run Winograd) for 3x3 stride-1 filters the pointwise ones too (the
// products, where the plane pays for them). A filter that is not a weight could be any:
// both blocked tables count.
template <bool kBlockedInput, bool kWinograd = false>
void ConvMathSpecializations(const KernelOpView& op, std::vector<std::string>* names) {
  const auto tiles = [names](bool unit_tap) {
    names->push_back(simd::NchwcConvSpecialization(kBlockedInput, unit_tap));
  };
  if (!kBlockedInput) return tiles(false);
  const Tensor* w = op.WeightOf("Filter");
  if (!w || w->dims().size() != 4) {
    tiles(true);
    return tiles(false);
  }
  const auto ints = [&op](const char* attr, int value) {
    return op.desc().GetAttrOr<std::vector<int>>(attr, std::vector<int>{value, value});
  };
  const auto strides = ints("strides", 1), paddings = ints("paddings", 0);
  const bool stride1 = strides == std::vector<int>{1, 1};
  // SAME and VALID give a 1x1 stride-1 filter no padding.
  const bool unpadded =
      op.desc().GetAttrOr<std::string>("padding_algorithm", "EXPLICIT") != "EXPLICIT" ||
      std::all_of(paddings.begin(), paddings.end(), [](int p) { return p == 0; });
  const int64_t kh = w->dims()[2], kw = w->dims()[3];
  if (kh == 1 && kw == 1 && stride1 && unpadded) return tiles(true);
  tiles(false);
  if (kWinograd && kh == 3 && kw == 3 && stride1) tiles(true);
}

// The channels a convolution writes (its filter's output channels).
inline int64_t FilterChannels(const KernelOpView& op) {
  return op.WeightOf("Filter")->dims()[0];
}

// depthwise_conv2d: one filter per channel, channels that pad well.
template <DataLayoutType kLayout, int64_t kMinMacs = 0>
bool DepthwiseApplies(const KernelOpView& op) {
  const Tensor* w = op.WeightOf("Filter");
  if (!w || w->dims().size() != 4) return false;
  const int64_t channels = w->dims()[0];
  return w->dims()[1] == 1 && op.desc().GetAttrOr<int>("groups", 1) == channels &&
         ChannelsPadWell(channels, kLayout) && EnoughWork<kMinMacs>(op);
}

// The math specialization the blocked depthwise loops run for the op (their register tiles
// for its filter size and stride; MathSpecializations). A filter that is not a weight could
// be any: every tile counts.
inline void DepthwiseMathSpecializations(const KernelOpView& op, std::vector<std::string>* names) {
  const Tensor* w = op.WeightOf("Filter");
  if (!w) {
    for (int k : {3, 5}) {
      for (int s : {1, 2}) names->push_back(simd::NchwcDepthwiseSpecialization(k, s));
    }
    return;
  }
  const auto strides = op.desc().GetAttrOr<std::vector<int>>("strides", std::vector<int>{1, 1});
  const auto dilations = op.desc().GetAttrOr<std::vector<int>>("dilations", std::vector<int>{1, 1});
  if (w->dims().size() != 4 || w->dims()[2] != w->dims()[3] || strides.size() != 2 ||
      strides[0] != strides[1] || dilations != std::vector<int>{1, 1}) {
    return;
  }
  const std::string name =
      simd::NchwcDepthwiseSpecialization(static_cast<int>(w->dims()[2]), strides[0]);
  if (!name.empty()) names->push_back(name);
}

}  // namespace blocked
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
