// Every activation written independently of the library (double precision, Paddle's
// formulas), how far each lets an input error grow, and the list fused epilogues and the
// vector form are checked with.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "lite/utils/activation.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace test {

// Paddle's activation formulas, written independently of the library (double precision).
inline double ActivateReference(double v, const Activation& a) {
  switch (a.kind) {
    case ActivationType::kNone:
      return v;
    case ActivationType::kRelu:
      return std::max(v, 0.0);
    case ActivationType::kRelu6:
      return std::min(std::max(v, 0.0), static_cast<double>(a.relu6_threshold));
    case ActivationType::kLeakyRelu:
      return v > 0 ? v : v * a.leaky_relu_alpha;
    case ActivationType::kHardSwish:
      return v * std::min(std::max(v + a.hard_swish_offset, 0.0),
                          static_cast<double>(a.hard_swish_threshold)) /
             a.hard_swish_scale;
    case ActivationType::kHardSigmoid:
      return std::min(std::max(a.hard_sigmoid_slope * v + a.hard_sigmoid_offset, 0.0), 1.0);
    case ActivationType::kSigmoid:
      return 1.0 / (1.0 + std::exp(-v));
    case ActivationType::kTanh:
      return std::tanh(v);
    case ActivationType::kSwish:
      return v / (1.0 + std::exp(-static_cast<double>(a.swish_beta) * v));
    case ActivationType::kExp:
      return std::exp(v);
    case ActivationType::kAbs:
      return std::fabs(v);
    case ActivationType::kGelu:
      if (a.gelu_approximate) {
        // 0.5 v (1 + tanh(u)) with 1 + tanh(u) = 2 / (1 + exp(-2u)): without the cancellation
        // that leaves double precision nothing for u < -18.
        const double kPi = 3.14159265358979323846;
        const double u = std::sqrt(2.0 / kPi) * (v + 0.044715 * v * v * v);
        return v / (1.0 + std::exp(-2.0 * u));
      }
      return 0.5 * v * std::erfc(-v / std::sqrt(2.0));  // = 0.5 v (1 + erf(v / sqrt 2))
    default:
      ADD_FAILURE() << "no reference for activation " << static_cast<int>(a.kind);
      return v;
  }
}

// How much an error in the activation's input can grow through it (a bound of its slope
// near v).
inline double ActivationGain(double v, const Activation& a) {
  switch (a.kind) {
    case ActivationType::kLeakyRelu:
      return std::max(1.0, std::fabs(static_cast<double>(a.leaky_relu_alpha)));
    case ActivationType::kHardSwish:
      return (std::fabs(a.hard_swish_threshold) + std::fabs(v) + 1) / std::fabs(a.hard_swish_scale);
    case ActivationType::kHardSigmoid:
      return std::fabs(a.hard_sigmoid_slope);
    case ActivationType::kSwish:
    case ActivationType::kGelu:
      return 1.13;  // the largest slope of x sigmoid(beta x) and of both gelu forms
    case ActivationType::kExp:
      return std::exp(v);
    default:  // relu, relu6, sigmoid, tanh, abs: at most 1
      return 1.0;
  }
}

// Every supported activation with Paddle's defaults, then the ones with parameters again
// with others: what the fused epilogues are checked with.
inline std::vector<Activation> EveryActivation() {
  std::vector<Activation> acts;
  auto with = [&acts](ActivationType kind, const std::function<void(Activation*)>& set) {
    Activation a;
    a.kind = kind;
    if (set) set(&a);
    acts.push_back(a);
  };
  for (ActivationType kind :
       {ActivationType::kNone, ActivationType::kRelu, ActivationType::kRelu6,
        ActivationType::kLeakyRelu, ActivationType::kHardSwish, ActivationType::kHardSigmoid,
        ActivationType::kSigmoid, ActivationType::kTanh, ActivationType::kSwish,
        ActivationType::kExp, ActivationType::kAbs, ActivationType::kGelu}) {
    with(kind, nullptr);
  }
  with(ActivationType::kRelu6, [](Activation* a) { a->relu6_threshold = 2.5f; });
  with(ActivationType::kLeakyRelu, [](Activation* a) { a->leaky_relu_alpha = -0.3f; });
  with(ActivationType::kHardSwish, [](Activation* a) {
    a->hard_swish_threshold = 4.f;
    a->hard_swish_scale = 5.f;
    a->hard_swish_offset = 1.5f;
  });
  with(ActivationType::kHardSigmoid, [](Activation* a) {
    a->hard_sigmoid_slope = 0.1667f;
    a->hard_sigmoid_offset = 0.4f;
  });
  with(ActivationType::kSwish, [](Activation* a) { a->swish_beta = 0.5f; });
  with(ActivationType::kGelu, [](Activation* a) { a->gelu_approximate = true; });
  return acts;
}

// Where the activation's input fell: below its lower bend (or, for the smooth kinds, below
// zero), above its upper one.
struct Outcome {
  int clamped_low = 0, clamped_high = 0;
};
inline void CountBends(double v, const Activation& a, Outcome* out) {
  switch (a.kind) {
    case ActivationType::kNone:
      break;
    case ActivationType::kRelu6:
      out->clamped_low += v < 0;
      out->clamped_high += v > a.relu6_threshold;
      break;
    case ActivationType::kHardSwish:
      out->clamped_low += v + a.hard_swish_offset < 0;
      out->clamped_high += v + a.hard_swish_offset > a.hard_swish_threshold;
      break;
    case ActivationType::kHardSigmoid:
      out->clamped_low += a.hard_sigmoid_slope * v + a.hard_sigmoid_offset < 0;
      out->clamped_high += a.hard_sigmoid_slope * v + a.hard_sigmoid_offset > 1;
      break;
    default:  // relu, leaky_relu and the smooth kinds: the sign of the input
      out->clamped_low += v < 0;
      out->clamped_high += v > 0;
      break;
  }
}

// The op types of every activation plite fuses, as the fusion passes write them in act_type.
inline std::vector<std::string> FusableActivationTypes() {
  return {"relu", "relu6", "leaky_relu", "hard_swish", "hard_sigmoid", "sigmoid",
          "swish", "tanh",  "gelu",       "exp",        "abs"};
}

inline std::string ActivationName(const Activation& a) {
  return lite_api::ActivationTypeToStr(a.kind) +
         (a.kind == ActivationType::kGelu && a.gelu_approximate ? "(tanh)" : "");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
