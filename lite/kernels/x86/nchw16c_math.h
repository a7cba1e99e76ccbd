// The x86 math behind the blocked kernel templates (lite/kernels/blocked): NCHW16c over
// AVX2/AVX-512 (lite/backends/x86/math/nchwc), with the blocked Winograd F(4x4, 3x3) for
// 3x3 stride-1 convolutions.
#pragma once

#include "lite/backends/x86/math/nchwc/nchwc_conv.h"
#include "lite/backends/x86/math/nchwc/nchwc_winograd.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

struct Nchw16cMath : lite::x86::math::NchwcMath {
  static constexpr TargetType kTarget = TargetType::kX86;
  static constexpr DataLayoutType kLayout = DataLayoutType::kNCHW16c;
  static constexpr const char* kName = "x86 NCHW16c";
  static constexpr bool kWinograd = true;
  static constexpr auto WinogradFilterSize = &lite::x86::math::NchwcWinogradFilterSize;
  static constexpr auto WinogradPackFilter = &lite::x86::math::NchwcWinogradPackFilter;
  static constexpr auto WinogradTiles = &lite::x86::math::NchwcWinogradTiles;
  static constexpr auto WinogradBlockTiles = &lite::x86::math::NchwcWinogradBlockTiles;
  static constexpr auto WinogradInputSize = &lite::x86::math::NchwcWinogradInputSize;
  static constexpr auto WinogradProductSize = &lite::x86::math::NchwcWinogradProductSize;
  static constexpr auto WinogradInput = &lite::x86::math::NchwcWinogradInput;
  static constexpr auto WinogradOutput = &lite::x86::math::NchwcWinogradOutput;
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
