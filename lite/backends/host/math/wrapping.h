// Integer arithmetic that wraps around in two's complement, as Paddle's integer kernels do
// on the hardware. Signed overflow is undefined in C++, so integers are computed as their
// unsigned twins; floating-point types pass through unchanged.
#pragma once

#include <type_traits>

namespace paddle {
namespace lite {
namespace host {
namespace math {

template <typename T>
using WrapType = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>,
                                             std::common_type<T>>::type;

template <typename T>
T WrapAdd(T a, T b) { return static_cast<T>(WrapType<T>(a) + WrapType<T>(b)); }
template <typename T>
T WrapSub(T a, T b) { return static_cast<T>(WrapType<T>(a) - WrapType<T>(b)); }
template <typename T>
T WrapMul(T a, T b) { return static_cast<T>(WrapType<T>(a) * WrapType<T>(b)); }

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
