// (b) A new op type with its shape inference and kernel: channel_rms_norm scales each pixel's
// channels to unit root mean square, Out = X / sqrt(mean_c(X^2) + epsilon). The kernel reads
// NHWC, where a pixel's channels are contiguous; the optimizer adds the layout casts.
#include <cmath>

#include "paddle_custom_op.h"

namespace {

using paddle::lite_api::CustomKernel;
using paddle::lite_api::CustomOpContext;
using paddle::lite_api::PaddleLiteException;

void InferChannelRmsNorm(CustomOpContext& ctx) {
  const auto shape = ctx.Input("X").shape();
  if (shape.size() != 4) throw PaddleLiteException("channel_rms_norm: X must be 4-D");
  ctx.Output("Out").Resize(shape);
}

class ChannelRmsNormNhwc : public CustomKernel {
 public:
  void Prepare(CustomOpContext& ctx) override {
    epsilon_ = ctx.GetAttrOr<float>("epsilon", 1e-5f);
    if (!(epsilon_ > 0)) throw PaddleLiteException("channel_rms_norm: epsilon must be > 0");
  }
  void Execute(CustomOpContext& ctx) override {
    auto x = ctx.Input("X");  // [N, H, W, C]
    const int64_t channels = x.shape()[3];
    const float* in = x.data<float>();
    float* out = ctx.Output("Out").mutable_data<float>();
    for (int64_t pixel = 0; pixel < x.numel() / channels; ++pixel) {
      const float* v = in + pixel * channels;
      float squares = 0;
      for (int64_t c = 0; c < channels; ++c) squares += v[c] * v[c];
      const float scale = 1.f / std::sqrt(squares / channels + epsilon_);
      for (int64_t c = 0; c < channels; ++c) out[pixel * channels + c] = v[c] * scale;
    }
  }

 private:
  float epsilon_{0};
};

}  // namespace

REGISTER_CUSTOM_OP(channel_rms_norm)
    .Inputs({"X"})
    .Outputs({"Out"})
    .InferShape(InferChannelRmsNorm)
    .Finalize();
REGISTER_CUSTOM_KERNEL(channel_rms_norm, kHost, kFloat, kNHWC, example, ChannelRmsNormNhwc)
    .Input("X", PRECISION(kFloat), DATALAYOUT(kNHWC))
    .Output("Out", PRECISION(kFloat), DATALAYOUT(kNHWC))
    .Finalize();
