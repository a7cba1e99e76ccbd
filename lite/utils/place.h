// The type vocabulary: targets, precisions, layouts and places. It sits at the bottom of the
// layers so the runtime, the model formats and backend math share it; lite/api/paddle_place.h
// presents it to apps. Names and numbers are Paddle Lite's (an app or a saved value written
// for Paddle Lite means the same here). Self-contained: it is installed with the public
// headers, so it includes nothing of the project but activation.h, installed beside it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
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

// The C++ type of each precision, as in Paddle Lite: PrecisionTypeTrait<float>::Type() is
// kFloat; kUnk for types without a precision.
template <typename T>
struct PrecisionTypeTrait {
  static constexpr PrecisionType Type() { return PrecisionType::kUnk; }
};
#define PLITE_API_PRECISION_TRAIT(T, P)                                       \
  template <>                                                                 \
  struct PrecisionTypeTrait<T> {                                              \
    static constexpr PrecisionType Type() { return PrecisionType::P; }       \
  }
PLITE_API_PRECISION_TRAIT(bool, kBool);
PLITE_API_PRECISION_TRAIT(float, kFloat);
PLITE_API_PRECISION_TRAIT(double, kFP64);
PLITE_API_PRECISION_TRAIT(uint8_t, kUInt8);
PLITE_API_PRECISION_TRAIT(int8_t, kInt8);
PLITE_API_PRECISION_TRAIT(int16_t, kInt16);
PLITE_API_PRECISION_TRAIT(int32_t, kInt32);
PLITE_API_PRECISION_TRAIT(int64_t, kInt64);
#undef PLITE_API_PRECISION_TRAIT

// OpenCL settings an app passes through ConfigBase (values as in Paddle Lite).
typedef enum {
  CL_TUNE_NONE = 0,
  CL_TUNE_RAPID = 1,
  CL_TUNE_NORMAL = 2,
  CL_TUNE_EXHAUSTIVE = 3,
} CLTuneMode;
typedef enum {
  CL_PRECISION_AUTO = 0,
  CL_PRECISION_FP32 = 1,
  CL_PRECISION_FP16 = 2,
} CLPrecisionType;
// Cambricon MLU generations (no MLU backend in plite; kept for source compatibility).
typedef enum { MLU_220 = 0, MLU_270 = 1 } MLUCoreVersion;
// What CxxConfig::set_quant_type names (plite does not quantize at optimize time).
enum class QuantType : int {
  QUANT_INT8 = 0,
  QUANT_INT16 = 1,
};
// MobileConfig::set_precision_mode: LOW lets a backend use fp16 where it has fp16 kernels.
typedef enum {
  LITE_PRECISION_NORMAL = 0,
  LITE_PRECISION_LOW = 1,
} PrecisionMode;

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

// "CL_TUNE_NONE", "CL_PRECISION_FP16", ...; "unk" for values outside the enums.
const std::string& CLTuneModeToStr(CLTuneMode mode);
const std::string& CLPrecisionTypeToStr(CLPrecisionType type);

// The concrete values a value stands for: kAny stands for every value of its enum but kUnk,
// kAny and NUM (plite's blocked layouts included); any other value stands for itself.
std::set<TargetType> ExpandValidTargets(TargetType target = TargetType::kAny);
std::set<PrecisionType> ExpandValidPrecisions(PrecisionType precision = PrecisionType::kAny);
std::set<DataLayoutType> ExpandValidLayouts(DataLayoutType layout = DataLayoutType::kAny);

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
  // Combines target, precision, layout and device (equal places hash alike).
  size_t hash() const;
  // "target/precision/layout" as numbers, e.g. "1/1/1" for (kHost, kFloat, kNCHW); the
  // device is not part of it. Deserialize throws PaddleLiteException on a malformed string.
  std::string Serialize() const;
  void Deserialize(const std::string& buffer);

  friend bool operator==(const Place& a, const Place& b) {
    return a.target == b.target && a.precision == b.precision && a.layout == b.layout &&
           a.device == b.device;
  }
  friend bool operator!=(const Place& a, const Place& b) { return !(a == b); }
  friend bool operator<(const Place& a, const Place& b);
};

}  // namespace lite_api
}  // namespace paddle
