// The type vocabulary: targets, precisions, layouts and places. It sits at the bottom of the
// layers so the runtime, the model formats and backend math share it; lite/api/paddle_place.h
// presents it to apps. Names and numbers are Paddle Lite's (an app or a saved value written
// for Paddle Lite means the same here). Self-contained: it is installed with the public
// headers, so it includes nothing of the project but activation.h, installed beside it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "lite/utils/activation.h"

namespace paddle {
namespace lite_api {

enum class TargetType : int {
  kUnk = 0,
  kHost = 1,
  kX86 = 2,
  kCUDA = 3,
  kARM = 4,
  kOpenCL = 5,
  kAny = 6,
  kFPGA = 7,
  kNPU = 8,
  kXPU = 9,
  kBM = 10,
  kMLU = 11,
  kRKNPU = 12,
  kAPU = 13,
  kHuaweiAscendNPU = 14,
  kImaginationNNA = 15,
  kIntelFPGA = 16,
  kMetal = 17,
  kNNAdapter = 18,
  NUM = 19,
};

enum class PrecisionType : int {
  kUnk = 0,
  kFloat = 1,
  kInt8 = 2,
  kInt32 = 3,
  kAny = 4,
  kFP16 = 5,
  kBool = 6,
  kInt64 = 7,
  kInt16 = 8,
  kUInt8 = 9,
  kFP64 = 10,
  NUM = 11,
};

enum class DataLayoutType : int {
  kUnk = 0,
  kNCHW = 1,
  kAny = 2,
  kNHWC = 3,
  kImageDefault = 4,  // OpenCL image2d
  kImageFolder = 5,   // OpenCL image2d
  kImageNW = 6,       // OpenCL image2d
  kMetalTexture2DArray = 7,
  kMetalTexture2D = 8,
  NUM = 9,  // Paddle Lite's layouts
  // Channel-blocked layouts (plite's own, above Paddle Lite's numbers so no value means two
  // things): [N][ceil(C/b)][H][W][b channels] with the logical NCHW dims kept on the tensor.
  kNCHW4c = 32,
  kNCHW8c = 33,
  kNCHW16c = 34,
};

#define TARGET(item__) ::paddle::lite_api::TargetType::item__
#define PRECISION(item__) ::paddle::lite_api::PrecisionType::item__
#define DATALAYOUT(item__) ::paddle::lite_api::DataLayoutType::item__

// Lower-case names ("x86", "float", "NCHW16c"); "unk" for values outside the enums.
const std::string& TargetToStr(TargetType target);
const std::string& PrecisionToStr(PrecisionType precision);
const std::string& DataLayoutToStr(DataLayoutType layout);
// Paddle Lite's names of the activation kinds ("Relu", "LeakyRelu", "Gelu"); "unk" for
// kNone and values outside the enum.
const std::string& ActivationTypeToStr(ActivationType act);
// Paddle Lite's spelled-out names ("kX86", "kFloat", "kNCHW").
const std::string& TargetRepr(TargetType target);
const std::string& PrecisionRepr(PrecisionType precision);
const std::string& DataLayoutRepr(DataLayoutType layout);

// Size in bytes of one element; 0 for kAny/kUnk.
size_t PrecisionTypeLength(PrecisionType precision);

// Channels per block of a channel-blocked layout (4, 8, 16); 0 for every other layout.
int LayoutChannelBlock(DataLayoutType layout);

// A (target, precision, layout) triple: where a kernel runs and what it reads and writes.
struct Place {
  TargetType target{TARGET(kUnk)};
  PrecisionType precision{PRECISION(kUnk)};
  DataLayoutType layout{DATALAYOUT(kUnk)};
  int16_t device{0};

  Place() = default;
  Place(TargetType target,  // NOLINT(runtime/explicit): Place{TARGET(kHost)} reads well
        PrecisionType precision = PRECISION(kFloat),
        DataLayoutType layout = DATALAYOUT(kNCHW),
        int16_t device = 0)
      : target(target), precision(precision), layout(layout), device(device) {}

  bool is_valid() const {
    return target != TARGET(kUnk) && precision != PRECISION(kUnk) &&
           layout != DATALAYOUT(kUnk);
  }
  std::string DebugString() const;

  friend bool operator==(const Place& a, const Place& b) {
    return a.target == b.target && a.precision == b.precision && a.layout == b.layout &&
           a.device == b.device;
  }
  friend bool operator!=(const Place& a, const Place& b) { return !(a == b); }
  friend bool operator<(const Place& a, const Place& b);
};

}  // namespace lite_api
}  // namespace paddle
