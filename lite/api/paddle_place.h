// Public: targets, precisions, layouts and places. A leaf header (no project includes) so
// the installed API and the core share one definition. Numeric values follow Paddle Lite's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace paddle {
namespace lite_api {

enum class TargetType : int {
  kUnk = 0,
  kHost = 1,
  kX86 = 2,
  kARM = 4,
  kOpenCL = 5,
  kAny = 6,
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
};

enum class DataLayoutType : int {
  kUnk = 0,
  kNCHW = 1,
  kAny = 2,
  kNHWC = 3,
  kImageDefault = 4,
  // x86 channel-blocked: [N][ceil(C/16)][H][W][16 channels], dims stay the logical NCHW ones.
  kNCHW16c = 5,
};

enum class PowerMode : int {
  LITE_POWER_HIGH = 0,
  LITE_POWER_LOW = 1,
  LITE_POWER_FULL = 2,
  LITE_POWER_NO_BIND = 3,
};

// What SaveOptimizedModel / opt write: Paddle's protobuf program + params, or plite's
// flatbuffers `.nb` file (called "naive buffer" as in Paddle Lite).
enum class LiteModelType : int {
  kProtobuf = 0,
  kNaiveBuffer = 1,
  UNK = 2,
};

#define TARGET(item__) ::paddle::lite_api::TargetType::item__
#define PRECISION(item__) ::paddle::lite_api::PrecisionType::item__
#define DATALAYOUT(item__) ::paddle::lite_api::DataLayoutType::item__

const std::string& TargetToStr(TargetType target);
const std::string& PrecisionToStr(PrecisionType precision);
const std::string& DataLayoutToStr(DataLayoutType layout);

// Size in bytes of one element; 0 for kAny/kUnk.
size_t PrecisionTypeLength(PrecisionType precision);

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
