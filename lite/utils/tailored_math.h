// Which specializations of the backend math a build keeps: register-tile code compiled once
// per filter size and stride (a 3x3 stride-2 depthwise tile, a 5x5 stride-1 one, ...). A
// tailored build keeps those its model's layers run, as opt recorded them
// (.tailored_math_list, named by the kernels' registrations: MathSpecializations); the math
// instantiates a specialization only `if constexpr (MathKept(name))`, and a layer whose
// specialization is left out takes its kernel's general path (slower, same results). Other
// builds keep every one.
#pragma once

#include <string_view>

#include "lite/gen/tailored_registrations.inc"  // PLITE_TAILORED_MATH, PLITE_KEPT_MATH

namespace paddle {
namespace lite {

// Whether `name` is in `kept`.
template <size_t N>
constexpr bool MathIn(const std::string_view (&kept)[N], std::string_view name) {
  for (std::string_view k : kept) {
    if (k == name) return true;
  }
  return false;
}

#if PLITE_TAILORED_MATH
// The list ends with "" (it may otherwise be empty), which names no specialization.
inline constexpr std::string_view kKeptMath[] = {PLITE_KEPT_MATH ""};
#endif

constexpr bool MathKept(std::string_view name) {
#if PLITE_TAILORED_MATH
  return !name.empty() && MathIn(kKeptMath, name);
#else
  return !name.empty();
#endif
}

}  // namespace lite
}  // namespace paddle
