// Public: targets, precisions, layouts, places and activation types (defined with the
// runtime's type vocabulary in lite/utils/place.h and lite/utils/activation.h, installed
// beside this header), power modes and model types. Names and numeric values follow Paddle
// Lite's.
#pragma once

#include "lite/utils/activation.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite_api {

// Paddle Lite's power modes: which cores the runtime's threads may run on.
typedef enum {
  LITE_POWER_HIGH = 0,
  LITE_POWER_LOW = 1,
  LITE_POWER_FULL = 2,
  LITE_POWER_NO_BIND = 3,
  LITE_POWER_RAND_HIGH = 4,
  LITE_POWER_RAND_LOW = 5,
} PowerMode;

// What SaveOptimizedModel / opt write: Paddle's protobuf program + params, or plite's
// flatbuffers `.nb` file (called "naive buffer" as in Paddle Lite).
enum class LiteModelType : int {
  kProtobuf = 0,
  kNaiveBuffer = 1,
  UNK = 2,
};

}  // namespace lite_api
}  // namespace paddle
