// Reading the int8 scales of an op the quantization pass (or Paddle Lite's opt) marked
// with enable_int8: "<input arg>0_scale" (one value) and "<weight arg>0_scale" (one per
// output channel), and quant_round_type.
#pragma once

#include <string>

#include "lite/core/program_desc.h"
#include "lite/operators/op_params_quant.h"

namespace paddle {
namespace lite {
namespace operators {

// Disabled scales when the op has no enable_int8 (or it is false); throws naming the op and
// the attribute when a scale is missing, not positive and finite (the weight's may be
// negative: a folded batch norm's), or the round type is not 0 or 1.
Int8Scales ReadInt8Scales(const cpp::OpDesc& desc, const std::string& input_arg,
                          const std::string& weight_arg);

// Checks the scales against the int8 weight: its precision, one scale per output channel.
void CheckInt8Weight(const std::string& op, const Int8Scales& scales, const Tensor& weight,
                     int64_t out_channels);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
