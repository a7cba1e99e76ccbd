#include <iterator>
#include <string>
#include <vector>

#include "lite/utils/activation.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite_api {

const std::string& ActivationTypeToStr(ActivationType act) {
  // Paddle Lite's names (its "log" is lower-case), indexed by value; a function-local table
  // (names may be asked for during static initialization).
  static constexpr const char* kSpellings[] = {
      "unk",        "Relu",       "Relu6",       "PRelu",           // 0..3
      "LeakyRelu",  "Sigmoid",    "Tanh",        "Swish",           // 4..7
      "Exp",        "Abs",        "HardSwish",   "Reciprocal",      // 8..11
      "ThresholdedRelu", "Elu",   "HardSigmoid", "log",             // 12..15
      "Sigmoid_v2", "Tanh_v2",    "Gelu",        "Erf",             // 16..19
      "Sign",       "SoftPlus",   "Mish"};                          // 20..22
  static_assert(std::size(kSpellings) == static_cast<size_t>(ActivationType::NUM),
                "one name per ActivationType");
  // Built by one loop (a std::string array initialised element by element costs code each).
  static const std::vector<std::string> kNames(std::begin(kSpellings), std::end(kSpellings));
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
