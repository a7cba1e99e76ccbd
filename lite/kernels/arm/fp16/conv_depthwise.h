// The fp16 convolutions' direct depthwise path (lite/backends/arm/math/fp16/
// depthwise_fp16.h): one 3x3 or 5x5 filter per input channel, stride 1, 2 or (2, 1), no
// dilation; the filter converted to fp16 once. Planes split over the predictor's pool, each
// task with its own zero-bordered scratch plane.
#pragma once

#include <string>

#include "lite/core/context.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class ConvDepthwiseFp16 {
 public:
  // Whether the op's current shapes and attributes take this path.
  static bool Suits(const operators::ConvParam& param);

  // op_type names the op in errors (conv2d or depthwise_conv2d).
  ConvDepthwiseFp16(const operators::ConvParam& param, const std::string& op_type);
  // bias: one fp16 value per channel, or null.
  void Run(const operators::ConvParam& param, const float16* bias, const KernelContext& ctx);

 private:
  std::string op_;
  AlignedVector<float16> filter_;   // kernel * kernel per channel
  AlignedVector<float16> scratch_;  // one padded plane per task
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
