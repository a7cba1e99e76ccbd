#include "lite/api/paddle_place.h"

#include <tuple>

namespace paddle {
namespace lite_api {

const std::string& TargetToStr(TargetType target) {
  static const std::string kNames[] = {"unk", "host", "x86", "unk3", "arm", "opencl", "any"};
  const int i = static_cast<int>(target);
  return (i >= 0 && i < 7) ? kNames[i] : kNames[0];
}

const std::string& PrecisionToStr(PrecisionType precision) {
  static const std::string kNames[] = {"unk",  "float", "int8",  "int32", "any", "fp16",
                                       "bool", "int64", "int16", "uint8", "fp64"};
  const int i = static_cast<int>(precision);
  return (i >= 0 && i < 11) ? kNames[i] : kNames[0];
}

const std::string& DataLayoutToStr(DataLayoutType layout) {
  static const std::string kNames[] = {"unk", "NCHW", "any", "NHWC", "ImageDefault", "NCHW16c"};
  const int i = static_cast<int>(layout);
  return (i >= 0 && i < 6) ? kNames[i] : kNames[0];
}

size_t PrecisionTypeLength(PrecisionType precision) {
  switch (precision) {
    case PRECISION(kFloat):
    case PRECISION(kInt32):
      return 4;
    case PRECISION(kInt8):
    case PRECISION(kBool):
    case PRECISION(kUInt8):
      return 1;
    case PRECISION(kFP16):
    case PRECISION(kInt16):
      return 2;
    case PRECISION(kInt64):
    case PRECISION(kFP64):
      return 8;
    default:
      return 0;
  }
}

std::string Place::DebugString() const {
  return TargetToStr(target) + "/" + PrecisionToStr(precision) + "/" + DataLayoutToStr(layout);
}

bool operator<(const Place& a, const Place& b) {
  return std::make_tuple(a.target, a.precision, a.layout, a.device) <
         std::make_tuple(b.target, b.precision, b.layout, b.device);
}

}  // namespace lite_api
}  // namespace paddle
