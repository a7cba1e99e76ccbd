// Reading activations from op attributes, standalone or fused.
//
// A standalone activation op (relu6, leaky_relu, ...) keeps its Paddle attributes
// (threshold, alpha, scale, offset, slope). Fusion passes fold an activation into a
// conv/fc/elementwise op by setting `act_type` to the activation's op type and copying
// its attributes with an `act_` prefix (relu6 threshold -> act_threshold).
#pragma once

#include <cmath>
#include <string>

#include "lite/core/program_desc.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// Throws naming the op when `act_type` is not an activation we support.
ActParam ReadActivation(const std::string& act_type, const cpp::OpDesc& desc,
                        const std::string& attr_prefix = "");
// The fused activation of a conv/fc/elementwise op; kNone when it has none.
ActParam ReadFusedActivation(const cpp::OpDesc& desc);
// Copies a standalone activation op's attributes into `fused` as its epilogue.
void WriteFusedActivation(const cpp::OpDesc& act_op, cpp::OpDesc* fused);
bool IsFusableActivation(const std::string& op_type);

// The reference semantics of each activation (Paddle's definitions).
inline float ApplyActivation(float x, const ActParam& act) {
  switch (act.type) {
    case ActivationType::kNone:
      return x;
    case ActivationType::kRelu:
      return x > 0.f ? x : 0.f;
    case ActivationType::kRelu6:
      return std::fmin(std::fmax(x, 0.f), act.relu6_threshold);
    case ActivationType::kLeakyRelu:
      return x > 0.f ? x : x * act.leaky_alpha;
    case ActivationType::kHardSwish:
      return x * std::fmin(std::fmax(x + act.hard_swish_offset, 0.f), act.hard_swish_threshold) /
             act.hard_swish_scale;
    case ActivationType::kHardSigmoid:
      return std::fmin(std::fmax(act.hard_sigmoid_slope * x + act.hard_sigmoid_offset, 0.f), 1.f);
    case ActivationType::kSigmoid:
      return 1.f / (1.f + std::exp(-x));
  }
  return x;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
