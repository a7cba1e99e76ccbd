#include "lite/core/type_system.h"

namespace paddle {
namespace lite {

bool IsHostMemory(TargetType t) {
  return t == TargetType::kHost || t == TargetType::kX86 || t == TargetType::kARM;
}

bool TargetCompatible(TargetType declared, TargetType actual) {
  if (declared == actual || declared == TargetType::kAny || actual == TargetType::kAny) {
    return true;
  }
  return IsHostMemory(declared) && IsHostMemory(actual);
}

std::string Type::DebugString() const {
  return lite_api::TargetToStr(target) + "/" + lite_api::PrecisionToStr(precision) + "/" +
         lite_api::DataLayoutToStr(layout);
}

}  // namespace lite
}  // namespace paddle
