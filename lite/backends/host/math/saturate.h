// Float to integer without undefined behaviour: values beyond the integer's range clamp to
// its limits and NaN becomes 0. Callers round or truncate first as their op defines.
#pragma once

#include <cmath>
#include <limits>

namespace paddle {
namespace lite {
namespace host {
namespace math {

template <typename Int>
Int SaturateToInteger(double value) {
  constexpr Int kMin = std::numeric_limits<Int>::min();
  constexpr Int kMax = std::numeric_limits<Int>::max();
  if (std::isnan(value)) return Int(0);
  if (value <= static_cast<double>(kMin)) return kMin;
  if (value >= static_cast<double>(kMax)) return kMax;
  return static_cast<Int>(value);
}

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
