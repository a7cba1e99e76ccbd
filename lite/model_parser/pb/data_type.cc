#include "lite/model_parser/pb/data_type.h"

#include "lite/model_parser/pb/framework.pb.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace pb {

namespace fw = ::paddle::framework::proto;
using lite_api::PrecisionType;

std::string PaddleTypeName(int code) {
  if (fw::VarType_Type_IsValid(code)) {
    return fw::VarType_Type_Name(static_cast<fw::VarType_Type>(code));
  }
  return StrCat("unknown type ", code);
}

PrecisionType PrecisionFromPaddleType(int code, const std::string& what) {
  switch (code) {
    case fw::VarType::BOOL: return PrecisionType::kBool;
    case fw::VarType::INT16: return PrecisionType::kInt16;
    case fw::VarType::INT32: return PrecisionType::kInt32;
    case fw::VarType::INT64: return PrecisionType::kInt64;
    case fw::VarType::FP16: return PrecisionType::kFP16;
    case fw::VarType::FP32: return PrecisionType::kFloat;
    case fw::VarType::FP64: return PrecisionType::kFP64;
    case fw::VarType::UINT8: return PrecisionType::kUInt8;
    case fw::VarType::INT8: return PrecisionType::kInt8;
    default: break;
  }
  if (fw::VarType_Type_IsValid(code)) {
    PLITE_THROW(what, ": data type ", PaddleTypeName(code), " (", code,
                ") is not supported (supported: BOOL, INT8, UINT8, INT16, INT32, INT64, FP16, "
                "FP32, FP64)");
  }
  PLITE_THROW(what, ": unknown data type ", code);
}

int PaddleTypeFromPrecision(PrecisionType precision, const std::string& what) {
  switch (precision) {
    case PrecisionType::kBool: return fw::VarType::BOOL;
    case PrecisionType::kInt16: return fw::VarType::INT16;
    case PrecisionType::kInt32: return fw::VarType::INT32;
    case PrecisionType::kInt64: return fw::VarType::INT64;
    case PrecisionType::kFP16: return fw::VarType::FP16;
    case PrecisionType::kFloat: return fw::VarType::FP32;
    case PrecisionType::kFP64: return fw::VarType::FP64;
    case PrecisionType::kUInt8: return fw::VarType::UINT8;
    case PrecisionType::kInt8: return fw::VarType::INT8;
    default: break;
  }
  PLITE_THROW(what, ": precision ", lite_api::PrecisionToStr(precision),
              " has no Paddle data type");
}

}  // namespace pb
}  // namespace lite
}  // namespace paddle
