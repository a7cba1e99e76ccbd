// The parameter struct of Paddle's quantization ops (op_params.h includes this).
#pragma once

#include <vector>

#include "lite/core/kernel.h"
#include "lite/core/variable.h"

namespace paddle {
namespace lite {
namespace operators {

// fake_quantize_* / fake_dequantize_* / quantize_linear / dequantize_linear, run in float
// with Paddle's arithmetic (lite/backends/host/math/fake_quantize.h).
struct FakeQuantizeParam : ParamBase {
  enum class Mode { kQuantize, kQuantizeDequantize, kDequantize };
  // Where the scales come from: the Scale/InScale/Scales inputs, or the max |x| of the whole
  // tensor or of each channel (computed every run, as Paddle does).
  enum class ScaleFrom { kInput, kTensorAbsMax, kChannelAbsMax };

  const Tensor* x{nullptr};
  std::vector<const Tensor*> scales;  // InScale / Scale, or Scales (one or two)
  Tensor* out{nullptr};
  Tensor* out_scale{nullptr};  // the computed scales; nullptr where not written
  Mode mode{Mode::kQuantizeDequantize};
  ScaleFrom scale_from{ScaleFrom::kInput};
  int bin_cnt{127};     // 2^(bit_length - 1) - 1, or qmax
  int round_type{1};    // 0: ties to even, clamped to [-bin_cnt - 1, bin_cnt]; 1: ties away
  int channel_axis{-1};  // the axis scales[0] runs along; -1: one scale for the tensor
  float max_range{127.f};  // dequantize: out = x * scale / max_range
  bool only_observer{false};  // quantize_linear / dequantize_linear: Out = X
};

// The int8 arithmetic of an op the quantization pass marked (enable_int8; attributes in
// Paddle Lite's spelling, lite/optimizer/passes/int8_quantize_pass.cc): a real value is its
// int8 value times the scale.
struct Int8Scales {
  bool enabled{false};
  float input{0.f};           // Input0_scale / X0_scale: the activation's, per tensor
  std::vector<float> weight;  // Filter0_scale / Y0_scale: one per output channel
  int round_type{1};          // how the activation is rounded: 1 ties away, 0 ties to even
  // Output0_scale (int8_chain_pass): the output is written as int8 values of this scale,
  // rounded as round_type says, for int8 readers; 0: float.
  float output{0.f};
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
