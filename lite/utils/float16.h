// IEEE half storage type with float conversions (round to nearest even). Math stays float.
#pragma once

#include <cstdint>
#include <cstring>

namespace paddle {
namespace lite {

struct float16 {
  uint16_t bits{0};
};

inline float16 FloatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  const uint32_t sign = (x >> 16) & 0x8000u;
  const int32_t exp = static_cast<int32_t>((x >> 23) & 0xffu) - 127 + 15;
  uint32_t mant = x & 0x7fffffu;
  float16 h;
  if (((x >> 23) & 0xffu) == 0xffu) {  // inf or nan
    h.bits = static_cast<uint16_t>(sign | 0x7c00u | (mant ? 0x200u : 0u));
  } else if (exp >= 31) {  // overflow -> inf
    h.bits = static_cast<uint16_t>(sign | 0x7c00u);
  } else if (exp <= 0) {  // subnormal or zero
    if (exp < -10) {
      h.bits = static_cast<uint16_t>(sign);
    } else {
      mant |= 0x800000u;
      const uint32_t shift = static_cast<uint32_t>(14 - exp);
      uint32_t half = mant >> shift;
      const uint32_t rem = mant & ((1u << shift) - 1);
      const uint32_t mid = 1u << (shift - 1);
      if (rem > mid || (rem == mid && (half & 1u))) ++half;
      h.bits = static_cast<uint16_t>(sign | half);
    }
  } else {
    uint32_t half = (static_cast<uint32_t>(exp) << 10) | (mant >> 13);
    const uint32_t rem = mant & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (half & 1u))) ++half;  // may carry into exp: ok
    h.bits = static_cast<uint16_t>(sign | half);
  }
  return h;
}

inline float HalfToFloat(float16 h) {
  const uint32_t sign = static_cast<uint32_t>(h.bits & 0x8000u) << 16;
  uint32_t exp = (h.bits >> 10) & 0x1fu;
  uint32_t mant = h.bits & 0x3ffu;
  uint32_t x;
  if (exp == 0x1fu) {
    x = sign | 0x7f800000u | (mant << 13);
  } else if (exp == 0) {
    if (mant == 0) {
      x = sign;
    } else {  // normalize the subnormal
      exp = 127 - 15 + 1;
      while (!(mant & 0x400u)) {
        mant <<= 1;
        --exp;
      }
      x = sign | (exp << 23) | ((mant & 0x3ffu) << 13);
    }
  } else {
    x = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

}  // namespace lite
}  // namespace paddle
