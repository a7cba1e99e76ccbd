// Paddle's `dtype` attributes (VarType codes from framework.proto) as plite precisions:
// 0 bool, 1 int16, 2 int32, 3 int64, 4 fp16, 5 fp32, 6 fp64, 20 uint8, 21 int8.
#pragma once

#include <string>
#include <vector>

#include "lite/core/program_desc.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace operators {

inline PrecisionType PaddleDtypeToPrecision(int dtype) {
  switch (dtype) {
    case 0: return PrecisionType::kBool;
    case 1: return PrecisionType::kInt16;
    case 2: return PrecisionType::kInt32;
    case 3: return PrecisionType::kInt64;
    case 4: return PrecisionType::kFP16;
    case 5: return PrecisionType::kFloat;
    case 6: return PrecisionType::kFP64;
    case 20: return PrecisionType::kUInt8;
    case 21: return PrecisionType::kInt8;
    default: return PrecisionType::kUnk;
  }
}

// The precision attribute `name` names (`fallback` when absent); throws naming the op and
// the attribute when it is not one of `allowed`.
inline PrecisionType ReadDtypeAttr(const cpp::OpDesc& desc, const std::string& name,
                                   int fallback, const std::vector<PrecisionType>& allowed) {
  const int dtype = desc.GetAttrOr<int32_t>(name, fallback);
  const PrecisionType p = PaddleDtypeToPrecision(dtype);
  std::string names;
  for (PrecisionType a : allowed) {
    if (a == p) return p;
    names += std::string(names.empty() ? "" : ", ") + lite_api::PrecisionToStr(a);
  }
  PLITE_THROW("op '", desc.Type(), "': attribute '", name, "' = ", dtype,
              " is not a supported data type (supported: ", names, ")");
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
