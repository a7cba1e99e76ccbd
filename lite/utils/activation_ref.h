// The reference formula of every activation, Paddle's definitions in float: the host
// kernels use it, and so do the x86 scalar tails. For baseline-compiled code only (inline
// functions and <cmath>): ISA-flagged files use the vector form
// (lite/backends/simd/activation_vec.inc).
//
// NaN in gives NaN out for every kind (std::max(x, 0) keeps a NaN first argument).
#pragma once

#include <algorithm>
#include <cmath>

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {

inline float ApplyActivation(float x, const Activation& act) {
  switch (act.kind) {
    case ActivationType::kRelu:
      return std::max(x, 0.f);
    case ActivationType::kRelu6:
      return std::min(std::max(x, 0.f), act.relu6_threshold);
    case ActivationType::kLeakyRelu:
      return x > 0.f ? x : x * act.leaky_relu_alpha;
    case ActivationType::kSigmoid:
      return 1.f / (1.f + std::exp(-x));
    case ActivationType::kTanh:
      return std::tanh(x);
    case ActivationType::kSwish:
      return x / (1.f + std::exp(-act.swish_beta * x));
    case ActivationType::kExp:
      return std::exp(x);
    case ActivationType::kAbs:
      return std::fabs(x);
    case ActivationType::kHardSwish:
      return x * std::min(std::max(x + act.hard_swish_offset, 0.f), act.hard_swish_threshold) /
             act.hard_swish_scale;
    case ActivationType::kHardSigmoid:
      return std::min(std::max(act.hard_sigmoid_slope * x + act.hard_sigmoid_offset, 0.f), 1.f);
    case ActivationType::kGelu:
      if (act.gelu_approximate) {
        const float kSqrt2OverPi = 0.7978845608f;  // sqrt(2 / pi)
        return 0.5f * x * (1.f + std::tanh(kSqrt2OverPi * (x + 0.044715f * x * x * x)));
      }
      return 0.5f * x * (1.f + std::erf(x * 0.7071067812f));  // erf(x / sqrt 2)
    case ActivationType::kLog:
      return std::log(x);
    case ActivationType::kSoftPlus: {
      const float bx = act.softplus_beta * x;
      return bx > act.softplus_threshold ? x : std::log1p(std::exp(bx)) / act.softplus_beta;
    }
    case ActivationType::kMish: {
      const float sp = x > act.mish_threshold ? x : std::log1p(std::exp(x));
      return x * std::tanh(sp);
    }
    default:  // kNone; the op readers reject every kind not listed here
      return x;
  }
}

}  // namespace lite
}  // namespace paddle
