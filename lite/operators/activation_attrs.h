// Reading activations from op attributes, standalone or fused.
//
// A standalone activation op (relu6, leaky_relu, swish, gelu, ...) keeps its Paddle
// attributes (threshold, alpha, beta, scale, offset, slope, approximate). Fusion passes fold
// an activation into a conv/fc/elementwise op by setting `act_type` to the activation's op
// type and writing its attributes with an `act_` prefix (relu6 threshold -> act_threshold).
// The formulas are lite/utils/activation_ref.h's.
#pragma once

#include <string>

#include "lite/core/program_desc.h"
#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace operators {

// The activation of op type `act_type` with its attributes read from `desc` (names prefixed
// by `attr_prefix`, Paddle's defaults where absent). Throws naming desc's op and the
// attribute when `act_type` is not an activation we run or a value is out of its domain.
Activation ReadActivation(const std::string& act_type, const cpp::OpDesc& desc,
                          const std::string& attr_prefix = "");
// The fused activation of a conv/fc/elementwise op; kNone when it has none. Throws for an
// act_type that does not fuse.
Activation ReadFusedActivation(const cpp::OpDesc& desc);
// Writes standalone activation op `act_op` into `fused` as its epilogue: act_type and every
// parameter of the kind, typed (floats, approximate a bool). Throws as ReadActivation.
void WriteFusedActivation(const cpp::OpDesc& act_op, cpp::OpDesc* fused);
// Whether `op_type` is an activation that fuses: every one ReadActivation reads except the
// host-only log, softplus and mish.
bool IsFusableActivation(const std::string& op_type);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
