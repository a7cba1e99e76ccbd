// Paddle's element-type codes (VarType.Type values BOOL..INT8) and the plite precisions
// they map to. Plain ints here so callers need no protobuf header.
#pragma once

#include <string>

#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace pb {

// "FP32", "BF16", ... for a VarType.Type code; "unknown type <code>" for anything else.
std::string PaddleTypeName(int code);

// The precision of an element-type code. Throws naming `what` (e.g. "var 'conv1_w'") and the
// type when plite cannot hold it (BF16, COMPLEX64, ...) or the code is not a Paddle type.
lite_api::PrecisionType PrecisionFromPaddleType(int code, const std::string& what);

// The element-type code Paddle writes for a precision; throws naming `what` for kUnk/kAny.
int PaddleTypeFromPrecision(lite_api::PrecisionType precision, const std::string& what);

}  // namespace pb
}  // namespace lite
}  // namespace paddle
