// The activations the NCHW16c int8 layers (nchwc_int8_conv.h, nchwc_int8_depthwise.h) read
// and write: floats, or the int8 values q of a tensor quantized per tensor (a real value is
// q / inv_scale). A quantized layer whose readers are all int8 layers of one input scale
// writes their q itself (lite/optimizer/passes/int8_chain_pass.cc): its result is stored
// in a quarter of the bytes and the readers skip the quantizing pass over it. Both ends
// quantize alike (QuantizeToQ), so a chained plan computes the unchained plan's numbers.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// q = round(x * inv_scale) clamped to [-127, 127], halfway cases away from zero, or with
// ties_to_even to even and clamped to [-128, 127] (Paddle's round_type 1 and 0); NaN gives
// the lower bound.
inline float QuantizeToQ(float x, float inv_scale, bool ties_to_even) {
  const float v = x * inv_scale;
  const float r = ties_to_even ? std::nearbyint(v) : std::round(v);
  // std::max returns its first operand for NaN.
  return std::min(127.f, std::max(ties_to_even ? -128.f : -127.f, r));
}

// Subnormal x as 0. A channel whose folded batch norm all but zeroed it has a subnormal
// epilogue scale (PP-OCRv3's 20x20 layers have such channels): every multiply by it took
// a microcode assist, 10x slower layers; what it contributes is below 1e-28 of a unit.
inline float FlushSubnormal(float x) { return std::fabs(x) < 1.17549435e-38f ? 0.f * x : x; }

// A layer's input: floats it quantizes as it reads them, or q an int8 layer wrote; blocked
// (NCHW16c) or, for the conv's framed copy only, planar floats (NCHW: an int8 conv on
// plain data quantizes and blocks in one pass).
struct NchwcInt8Source {
  const float* f32{nullptr};
  const int8_t* s8{nullptr};
  float inv_scale{0.f};  // of the floats
  bool ties_to_even{false};
  bool planar{false};  // f32 is NCHW

  NchwcInt8Source(const float* in, float inv, bool to_even)
      : f32(in), inv_scale(inv), ties_to_even(to_even) {}
  explicit NchwcInt8Source(const int8_t* in) : s8(in) {}
  static NchwcInt8Source Planar(const float* in, float inv, bool to_even) {
    NchwcInt8Source s(in, inv, to_even);
    s.planar = true;
    return s;
  }
  NchwcInt8Source At(ptrdiff_t offset) const {
    NchwcInt8Source s = *this;
    if (s8) s.s8 += offset; else s.f32 += offset;
    return s;
  }
  float Q(ptrdiff_t i) const { return s8 ? s8[i] : QuantizeToQ(f32[i], inv_scale, ties_to_even); }
};

// A layer's output: floats, or q = round(y * inv_scale) as the int8 layers reading it would
// quantize y.
struct NchwcInt8Sink {
  float* f32{nullptr};
  int8_t* s8{nullptr};
  float inv_scale{0.f};  // of the int8 values
  bool ties_to_even{false};

  NchwcInt8Sink(float* out) : f32(out) {}  // NOLINT(runtime/explicit): floats as before
  NchwcInt8Sink(int8_t* out, float inv, bool to_even)
      : s8(out), inv_scale(inv), ties_to_even(to_even) {}
  NchwcInt8Sink At(ptrdiff_t offset) const {
    NchwcInt8Sink s = *this;
    if (s8) s.s8 += offset; else s.f32 += offset;
    return s;
  }
  void Store(ptrdiff_t i, float y) const {
    if (s8) {
      s8[i] = static_cast<int8_t>(QuantizeToQ(y, inv_scale, ties_to_even));
    } else {
      f32[i] = y;
    }
  }
};

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
