// NEON depthwise plane kernel (see depthwise_conv.h): 4 columns per q register.
#include "lite/backends/arm/math/depthwise/depthwise_conv.h"

#include <arm_neon.h>

#include <cstddef>
#include <type_traits>
#include <utility>


namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

#include "lite/backends/arm/math/vec_neon.inc"
#include "lite/backends/simd/activation_vec.inc"

struct V : VecNeon {
  // The lanes [begin, end) of a border block that lie inside the row. NEON has no masked
  // load: where the row holds a vector, one load of the kW floats at lane `start` (inside
  // the row, covering those lanes) and a table lookup put them in place, zero elsewhere;
  // rows narrower than a vector go lane by lane. Nothing outside the row is read.
  struct M {
    int begin, end, start;
    bool one_load;
    uint8x16_t bytes;  // TBL indices: the loaded lane i - start for lane i inside, else 0xff
  };
  static M Lanes(int first, int limit) {
    M m;
    m.begin = first < 0 ? (-first < kW ? -first : kW) : 0;
    m.end = limit - first < kW ? (limit - first > 0 ? limit - first : 0) : kW;
    const int row_begin = -first, row_end = limit - first;  // in lanes of p
    m.start = m.begin < row_end - kW ? m.begin : row_end - kW;
    m.one_load = m.begin < m.end && m.start >= row_begin;
    const uint32x4_t lane = {0, 1, 2, 3};
    const uint32x4_t inside = vandq_u32(vcgeq_u32(lane, vdupq_n_u32(m.begin)),
                                        vcltq_u32(lane, vdupq_n_u32(m.end)));
    // Bytes 4 (i - start) + {0, 1, 2, 3} of lane i (wrapped values only where not inside).
    const uint32x4_t from = vmlaq_n_u32(vdupq_n_u32(0x03020100u),
                                        vsubq_u32(lane, vdupq_n_u32(m.start)), 0x04040404u);
    m.bytes = vreinterpretq_u8_u32(vorrq_u32(from, vmvnq_u32(inside)));
    return m;
  }
  static T LoadMasked(const float* p, const M& m) {
    if (m.one_load) {
      return vreinterpretq_f32_u8(
          vqtbl1q_u8(vreinterpretq_u8_f32(vld1q_f32(p + m.start)), m.bytes));
    }
    float lanes[kW] = {0.f, 0.f, 0.f, 0.f};
    for (int i = m.begin; i < m.end; ++i) lanes[i] = p[i];
    return vld1q_f32(lanes);
  }
  template <int N>
  static T Shift(T hi, T lo, std::integral_constant<int, N>);  // 16 lanes only (unused)
  static T ShiftInLast(T v, T x) { return vextq_f32(v, x, 1); }
};

#include "lite/backends/simd/depthwise_conv_kernel.inc"

}  // namespace

void DepthwiseConvPlane(const float* in, const float* filter, float bias,
                        const DepthwisePlane& p, const Activation& act, float* out) {
  simd::CheckDepthwiseDirectSupports(p, "DepthwiseConvPlane");
  ConvPlane(in, filter, bias, p, act, out);
}

void DepthwiseConvPlanes(const float* in, const float* filters, const float* biases,
                         int channels, int begin, int end, const DepthwisePlane& p,
                         const Activation& act, float* out) {
  const size_t in_plane = static_cast<size_t>(p.in_h) * p.in_w;
  const size_t out_plane = static_cast<size_t>(p.out_h) * p.out_w;
  simd::CheckDepthwiseDirectSupports(p, "DepthwiseConvPlanes");
  const int kk = p.kernel * p.kernel;
  for (int i = begin, c = begin % channels; i < end; ++i, c = c + 1 == channels ? 0 : c + 1) {
    ConvPlane(in + i * in_plane, filters + static_cast<size_t>(c) * kk, biases ? biases[c] : 0.f,
              p, act, out + i * out_plane);
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
