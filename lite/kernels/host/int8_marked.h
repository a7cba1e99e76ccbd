// The applies-predicate of every backend's int8 kernels: an op int8_quantize_pass marked
// enable_int8 (lite/optimizer/passes/int8_quantize_pass.cc) and only such an op.
#pragma once

#include "lite/core/kernel_op_view.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

inline bool MarkedInt8(const KernelOpView& op) {
  return op.desc().GetAttrOr<bool>("enable_int8", false);
}

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
