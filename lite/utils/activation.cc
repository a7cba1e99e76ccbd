#include <string>

#include "lite/utils/activation.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite_api {

const std::string& ActivationTypeToStr(ActivationType act) {
  // Paddle Lite's names (its "log" is lower-case), indexed by value; a function-local table
  // (names may be asked for during static initialization).
  static const std::string kNames[] = {
      "unk",        "Relu",       "Relu6",       "PRelu",           // 0..3
      "LeakyRelu",  "Sigmoid",    "Tanh",        "Swish",           // 4..7
      "Exp",        "Abs",        "HardSwish",   "Reciprocal",      // 8..11
      "ThresholdedRelu", "Elu",   "HardSigmoid", "log",             // 12..15
      "Sigmoid_v2", "Tanh_v2",    "Gelu",        "Erf",             // 16..19
      "Sign",       "SoftPlus",   "Mish"};                          // 20..22
  static_assert(sizeof(kNames) / sizeof(kNames[0]) == static_cast<size_t>(ActivationType::NUM),
                "one name per ActivationType");
  const int i = static_cast<int>(act);
  return i > 0 && i < static_cast<int>(ActivationType::NUM) ? kNames[i] : kNames[0];
}

}  // namespace lite_api

namespace lite {

bool ActivationSupported(ActivationType kind) {
  switch (kind) {
    case ActivationType::kNone:
    case ActivationType::kRelu:
    case ActivationType::kRelu6:
    case ActivationType::kLeakyRelu:
    case ActivationType::kSigmoid:
    case ActivationType::kTanh:
    case ActivationType::kSwish:
    case ActivationType::kExp:
    case ActivationType::kAbs:
    case ActivationType::kHardSwish:
    case ActivationType::kHardSigmoid:
    case ActivationType::kGelu:
      return true;
    default:
      return false;
  }
}

}  // namespace lite
}  // namespace paddle
