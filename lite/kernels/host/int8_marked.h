// The applies-predicate of every backend's int8 kernels: an op int8_quantize_pass marked
// enable_int8 (lite/optimizer/passes/int8_quantize_pass.cc) and only such an op.
#pragma once

#include <cstdint>

#include "lite/core/kernel_op_view.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

inline bool MarkedInt8(const KernelOpView& op) {
  return op.desc().GetAttrOr<bool>("enable_int8", false);
}

// A depthwise_conv2d marked int8 with one filter per channel (the int8 kernels have no
// channel multiplier) of at most max_taps taps.
inline bool MarkedInt8Depthwise(const KernelOpView& op, int64_t max_taps) {
  const Tensor* w = op.WeightOf("Filter");
  return MarkedInt8(op) && w && w->dims().size() == 4 && w->dims()[1] == 1 &&
         op.desc().GetAttrOr<int>("groups", 1) == w->dims()[0] &&
         w->dims()[2] * w->dims()[3] <= max_taps;
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
