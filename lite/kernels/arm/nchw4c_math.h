// The ARM math behind the blocked kernel templates (lite/kernels/blocked): NCHW4c over NEON
// (lite/backends/arm/math/nchwc); no blocked Winograd, 3x3 stride-1 layers run direct.
#pragma once

#include "lite/backends/arm/math/nchwc/nchwc_math.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

struct Nchw4cMath : lite::arm::math::NchwcMath {
  static constexpr TargetType kTarget = TargetType::kARM;
  static constexpr DataLayoutType kLayout = DataLayoutType::kNCHW4c;
  static constexpr const char* kName = "arm NCHW4c";
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
