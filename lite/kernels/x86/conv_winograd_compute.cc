#include "lite/kernels/x86/conv_winograd_compute.h"

#include "lite/backends/x86/math/winograd/conv_winograd.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

namespace {

bool FilterSuits(const operators::ConvParam& param) {
  if (param.filter == nullptr || param.filter->dims().size() != 4) return false;
  const DDim& w = param.filter->dims();
  return w[2] == 3 && w[3] == 3 && param.groups == 1 && param.strides.size() == 2 &&
         param.strides[0] == 1 && param.strides[1] == 1 && param.dilations.size() == 2 &&
         param.dilations[0] == 1 && param.dilations[1] == 1 && param.paddings.size() == 4 &&
         w[0] * w[1] >= ConvWinograd::kChannelRatio * (w[0] + w[1]);
}

math::WinogradConvShape ShapeOf(const operators::ConvParam& param) {
  const DDim& x = param.x->dims();
  const DDim& out = param.output->dims();
  math::WinogradConvShape s;
  s.batch = static_cast<int>(x[0]);
  s.in_c = static_cast<int>(x[1]);
  s.in_h = static_cast<int>(x[2]);
  s.in_w = static_cast<int>(x[3]);
  s.out_c = static_cast<int>(out[1]);
  s.out_h = static_cast<int>(out[2]);
  s.out_w = static_cast<int>(out[3]);
  s.pad_top = param.paddings[0];
  s.pad_left = param.paddings[2];
  return s;
}

}  // namespace

bool ConvWinograd::Choose(const operators::ConvParam& param, math::WinogradVariant* variant) {
  if (!FilterSuits(param) || param.x == nullptr || param.output == nullptr) return false;
  const DDim& x = param.x->dims();
  const DDim& out = param.output->dims();
  if (x.size() != 4 || out.size() != 4 || x[1] != param.filter->dims()[1]) return false;
  const auto tiles = [&](math::WinogradVariant v) {
    return math::WinogradTiles(static_cast<int>(x[0]), static_cast<int>(out[2]),
                               static_cast<int>(out[3]), v);
  };
  const int f4_tiles = tiles(math::WinogradVariant::kF4x4);
  const bool few_channels = x[1] <= kF2MaxInChannels;
  if (f4_tiles >= kMinTiles && !(few_channels && f4_tiles < kF4NarrowTiles)) {
    *variant = math::WinogradVariant::kF4x4;
    return true;
  }
  if (tiles(math::WinogradVariant::kF2x2) >= kMinTiles) {
    *variant = math::WinogradVariant::kF2x2;
    return true;
  }
  return false;
}

bool ConvWinograd::Suits(const operators::ConvParam& param) {
  math::WinogradVariant variant;
  return Choose(param, &variant);
}

ConvWinograd::ConvWinograd(const operators::ConvParam& param) {
  PLITE_CHECK(FilterSuits(param), "conv2d (x86 Winograd): needs a 3x3 stride-1 dilation-1 "
              "filter with one group and in_c * out_c >= ", kChannelRatio, " (in_c + out_c), got "
              "Filter ", param.filter ? param.filter->dims().repr() : std::string("null"),
              " groups ", param.groups);
  const DDim& w = param.filter->dims();
  out_c_ = static_cast<int>(w[0]);
  in_c_ = static_cast<int>(w[1]);
  math::WinogradVariant variant = math::WinogradVariant::kF4x4;
  Choose(param, &variant);
  Filter(param, variant);
}

const AlignedVector<float>& ConvWinograd::Filter(const operators::ConvParam& param,
                                                 math::WinogradVariant variant) {
  AlignedVector<float>& filter = filters_[variant == math::WinogradVariant::kF4x4 ? 0 : 1];
  if (filter.empty()) {
    filter.resize(math::WinogradFilterSize(out_c_, in_c_, variant));
    math::WinogradTransformFilter(param.filter->data<float>(), out_c_, in_c_, filter.data(),
                                  variant);
  }
  return filter;
}

void ConvWinograd::Run(const operators::ConvParam& param, const KernelContext& ctx) {
  math::WinogradConvShape shape = ShapeOf(param);
  PLITE_CHECK(shape.in_c == in_c_ && shape.out_c == out_c_, "conv2d (x86 Winograd): Input has ",
              shape.in_c, " channels and Output ", shape.out_c, ", the filter was transformed for ",
              in_c_, " -> ", out_c_);
  Choose(param, &shape.variant);  // stays F(4x4) for shapes outside the rule
  const AlignedVector<float>& filter = Filter(param, shape.variant);
  const math::SgemmOptions options = SgemmOptionsFor(ctx);
  ResizeScratch(&scratch_, math::WinogradScratchSize(shape, options.threads), "conv2d",
                "Winograd tiles");
  float* out = param.output->mutable_data<float>();
  math::WinogradConv3x3(shape, param.x->data<float>(), filter.data(),
                        param.bias ? param.bias->data<float>() : nullptr, param.act, out,
                        scratch_.data(), scratch_.size(), options);
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
