// The activation descriptor: which activation (Paddle Lite's public ActivationType, names
// and numbers as Paddle Lite's) and its parameters with Paddle's semantics. One descriptor
// serves the ops, the fusion passes, the host reference (activation_ref.h) and every
// backend's epilogue.
//
// Self-contained (installed with the public headers, beside place.h) and free of inline
// functions and standard headers: ISA-flagged backend files (*_avx2.cc, *_avx512.cc)
// include it, and an inline function emitted there could be the copy the linker keeps for
// the whole program. Those files take `const Activation&` and never construct one (its
// default member initializers make the constructor an inline function).
// ActivationTypeToStr is declared in place.h with the other names.
#pragma once

namespace paddle {
namespace lite_api {

enum class ActivationType : int {
  kIndentity = 0,  // sic: Paddle Lite's spelling
  kNone = 0,       // ours
  kRelu = 1,
  kRelu6 = 2,
  kPRelu = 3,
  kLeakyRelu = 4,
  kSigmoid = 5,
  kTanh = 6,
  kSwish = 7,
  kExp = 8,
  kAbs = 9,
  kHardSwish = 10,
  kReciprocal = 11,
  kThresholdedRelu = 12,
  kElu = 13,
  kHardSigmoid = 14,
  kLog = 15,
  kSigmoid_v2 = 16,
  kTanh_v2 = 17,
  kGelu = 18,
  kErf = 19,
  kSign = 20,
  kSoftPlus = 21,
  kMish = 22,
  NUM = 23,
};

}  // namespace lite_api

namespace lite {

using ActivationType = lite_api::ActivationType;

// An activation, standalone or fused into an epilogue. The kinds plite runs are none and
// those of the Paddle ops relu, relu6, leaky_relu, sigmoid, tanh, swish, exp, abs,
// hard_swish, hard_sigmoid and gelu (lite/operators/activation_attrs.h reads them), plus
// log, softplus and mish, which run standalone on host only (no vector form, never fused;
// ActivationSupported is false for them); each reads only its own fields. Formulas
// (activation_ref.h):
//   relu6         min(max(x, 0), relu6_threshold)
//   leaky_relu    x > 0 ? x : leaky_relu_alpha * x
//   swish         x * sigmoid(swish_beta * x)
//   hard_swish    x * min(max(x + hard_swish_offset, 0), hard_swish_threshold) / hard_swish_scale
//   hard_sigmoid  min(max(hard_sigmoid_slope * x + hard_sigmoid_offset, 0), 1)
//   gelu          0.5 x (1 + erf(x / sqrt 2)); with gelu_approximate
//                 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3)))
//   log           ln x
//   softplus      beta x > softplus_threshold ? x : ln(1 + exp(beta x)) / beta
//   mish          x tanh(sp), sp = x > mish_threshold ? x : ln(1 + exp(x))
// Defaults are Paddle's.
struct Activation {
  ActivationType kind{ActivationType::kNone};
  float relu6_threshold{6.f};
  float leaky_relu_alpha{0.02f};
  float swish_beta{1.f};
  float hard_swish_threshold{6.f};
  float hard_swish_scale{6.f};
  float hard_swish_offset{3.f};
  float hard_sigmoid_slope{0.2f};
  float hard_sigmoid_offset{0.5f};
  bool gelu_approximate{false};
  float softplus_beta{1.f};
  float softplus_threshold{20.f};
  float mish_threshold{20.f};
};

// Whether plite runs `kind` everywhere: ApplyActivation and the x86 vector form have its
// formula (the kinds listed above but log, softplus and mish). Math entry points reject
// the others.
bool ActivationSupported(ActivationType kind);

}  // namespace lite
}  // namespace paddle
