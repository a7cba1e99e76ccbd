// Tensor types: what a kernel declares for each argument and what the optimizer
// propagates along edges. kAny in a declared type matches anything in that field.
#pragma once

#include <string>

#include "lite/utils/place.h"

namespace paddle {
namespace lite {

using lite_api::DataLayoutType;
using lite_api::Place;
using lite_api::PrecisionType;
using lite_api::TargetType;

struct Type {
  TargetType target{TargetType::kHost};
  PrecisionType precision{PrecisionType::kFloat};
  DataLayoutType layout{DataLayoutType::kNCHW};

  std::string DebugString() const;
  friend bool operator==(const Type& a, const Type& b) {
    return a.target == b.target && a.precision == b.precision && a.layout == b.layout;
  }
  friend bool operator!=(const Type& a, const Type& b) { return !(a == b); }
};

inline Type GetTensorTy(TargetType target, PrecisionType precision = PrecisionType::kFloat,
                        DataLayoutType layout = DataLayoutType::kNCHW) {
  return Type{target, precision, layout};
}

// CPU targets share memory, so a host tensor can be read by an x86 or ARM kernel as is.
bool IsHostMemory(TargetType target);
bool TargetCompatible(TargetType declared, TargetType actual);
inline bool PrecisionCompatible(PrecisionType declared, PrecisionType actual) {
  return declared == actual || declared == PrecisionType::kAny || actual == PrecisionType::kAny;
}
// Channel-blocked data is read only by kernels that ask for exactly that layout: a kernel
// declaring kAny (reshape, fetch, ...) indexes memory as NCHW, so it gets a layout cast.
inline bool IsBlockedLayout(DataLayoutType layout) {
  return lite_api::LayoutChannelBlock(layout) > 0;
}
// OpenCL image layouts: the values sit in an image2d, not in memory a pointer walks.
inline bool IsImageLayout(DataLayoutType layout) {
  return layout == DataLayoutType::kImageDefault || layout == DataLayoutType::kImageFolder ||
         layout == DataLayoutType::kImageNW;
}
// Data in a blocked layout, NHWC (dims in memory order) or an image is read only by kernels
// that declare exactly that layout; the others, kAny ones included, get a layout cast to NCHW.
inline bool IsExactLayout(DataLayoutType layout) {
  return IsBlockedLayout(layout) || layout == DataLayoutType::kNHWC || IsImageLayout(layout);
}
inline bool LayoutCompatible(DataLayoutType declared, DataLayoutType actual) {
  if (IsExactLayout(declared) || IsExactLayout(actual)) return declared == actual;
  return declared == actual || declared == DataLayoutType::kAny || actual == DataLayoutType::kAny;
}
inline bool TypeCompatible(const Type& declared, const Type& actual) {
  return TargetCompatible(declared.target, actual.target) &&
         PrecisionCompatible(declared.precision, actual.precision) &&
         LayoutCompatible(declared.layout, actual.layout);
}

}  // namespace lite
}  // namespace paddle
