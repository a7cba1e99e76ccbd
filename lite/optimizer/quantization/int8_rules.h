// Where int8 pays, shared by int8_quantize_pass (which convs of a quantized model run in
// int8) and post-training quantization (which convs it quantizes at all, so it inserts no
// quantize op the plan would only simulate).
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {

// Convs reading fewer input channels per group than 16 (a network's first layers) stay in
// float: too few products per output for int8 to repay quantizing the input. On x86 the
// PP-OCRv3 detector's 3-channel 3x3 at 640x640 took 2.7 ms in int8 against 1.1 ms in float
// (1 thread), and MobileNetV1's first conv in int8 did not scale with a second thread.
constexpr int64_t kMinInt8ConvInputChannels = 16;

inline bool Int8ConvPays(int64_t input_channels_per_group) {
  return input_channels_per_group >= kMinInt8ConvInputChannels;
}

// The most products one int8 output may sum: the kernels multiply u8 (x + 128, <= 255) by s8
// weights (|w| <= 128) in int32 lanes, so 65536 of them stay below 2^31. A layer of more
// (e.g. 8192 channels x 3 x 3 taps) stays float rather than wrap.
constexpr int64_t kMaxInt8Products = int64_t{1} << 16;

inline bool Int8SumsFit(int64_t products_per_output) {
  return products_per_output <= kMaxInt8Products;
}

// Depthwise convs (one filter per channel) of at least a block of channels pay in int8
// where a kernel runs them: the kernels quantize the input as they read it, where the
// float simulation writes the quantized activation out and reads it back, which costs more
// than the layer (lite/kernels/x86/depthwise_conv_int8_compute.cc). Fewer channels fill
// half a 16-lane block or less (PP-OCRv3's 8-channel 3x3 at 320x320: 3.7 ms in int8, about
// 2 ms simulated). Their sums run exactly in float32 lanes (|q| <= 128, |w| <= 127): at
// most 1024 taps keep them below 2^24 (the kernels' kNchwcInt8DepthwiseMaxTaps).
constexpr int64_t kMinInt8DepthwiseChannels = 16;
constexpr int64_t kMaxInt8DepthwiseTaps = 1024;

inline bool Int8DepthwisePays(int64_t channels, int64_t taps) {
  return channels >= kMinInt8DepthwiseChannels && taps <= kMaxInt8DepthwiseTaps;
}

}  // namespace lite
}  // namespace paddle
