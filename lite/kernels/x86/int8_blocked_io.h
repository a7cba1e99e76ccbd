// The data input and output of an x86 int8 layer on NCHW16c data as its loops take them
// (lite/backends/x86/math/nchwc_int8/nchwc_int8_io.h): the int8 values a chained int8
// producer wrote, or floats quantized with the op's Input0_scale; int8 values of the
// Output0_scale int8_chain_pass gave the op, or floats.
#pragma once

#include <cmath>

#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_io.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/operators/op_params_quant.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

inline lite::x86::math::NchwcInt8Source Int8SourceOf(const Tensor& x,
                                                     const operators::Int8Scales& scales,
                                                     const char* who) {
  if (x.precision() == PrecisionType::kInt8) {
    return lite::x86::math::NchwcInt8Source(BlockedData<int8_t>(x, who));
  }
  const float inv_scale = 1.f / scales.input;
  PLITE_CHECK(std::isfinite(inv_scale), who, ": Input0_scale ", scales.input,
              " is too small to invert");
  return lite::x86::math::NchwcInt8Source(BlockedData(x, who), inv_scale,
                                          scales.round_type == 0);
}

inline lite::x86::math::NchwcInt8Sink Int8SinkOf(Tensor* out, const operators::Int8Scales& scales) {
  if (scales.output > 0.f) {
    return lite::x86::math::NchwcInt8Sink(MutableBlockedData<int8_t>(out, TargetType::kX86),
                                          1.f / scales.output, scales.round_type == 0);
  }
  return lite::x86::math::NchwcInt8Sink(MutableBlockedData(out, TargetType::kX86));
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
