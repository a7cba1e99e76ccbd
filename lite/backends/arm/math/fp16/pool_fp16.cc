#include "lite/backends/arm/math/fp16/pool_fp16.h"

#include <arm_neon.h>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

int Count(const PoolWindowFp16& w) { return w.end > w.begin ? w.end - w.begin : 0; }

// What averages divide by for one window.
float Divisor(const PoolPlaneFp16& p, const PoolWindowFp16& r, const PoolWindowFp16& c) {
  return p.divide_by_real_count ? static_cast<float>(Count(r) * Count(c))
                                : static_cast<float>(r.padded_size * c.padded_size);
}

// One output from its whole window; rows of 8 or more values reduce in vectors. Max ignores
// NaN as the host's std::max chain does (maxNum).
float16_t PoolOne(const float16_t* plane, const PoolPlaneFp16& p, const PoolWindowFp16& r,
                  const PoolWindowFp16& c) {
  const int cols = Count(c);
  if (Count(r) == 0 || cols == 0) return 0;  // a window wholly in the padding
  if (p.is_max) {
    float16_t m = plane[r.begin * p.in_w + c.begin];
    for (int h = r.begin; h < r.end; ++h) {
      const float16_t* row = plane + h * p.in_w + c.begin;
      int j = 0;
      if (cols >= 8) {
        float16x8_t v = vld1q_f16(row);
        for (j = 8; j + 8 <= cols; j += 8) v = vmaxnmq_f16(v, vld1q_f16(row + j));
        m = vmaxnmh_f16(m, vmaxnmvq_f16(v));
      }
      for (; j < cols; ++j) m = vmaxnmh_f16(m, row[j]);
    }
    return m;
  }
  float32x4_t sum4 = vdupq_n_f32(0.f);
  float sum = 0.f;
  for (int h = r.begin; h < r.end; ++h) {
    const float16_t* row = plane + h * p.in_w + c.begin;
    int j = 0;
    for (; j + 8 <= cols; j += 8) {
      const float16x8_t v = vld1q_f16(row + j);
      sum4 = vaddq_f32(sum4, vaddq_f32(vcvt_f32_f16(vget_low_f16(v)), vcvt_high_f32_f16(v)));
    }
    for (; j < cols; ++j) sum += static_cast<float>(row[j]);
  }
  return static_cast<float16_t>((sum + vaddvq_f32(sum4)) / Divisor(p, r, c));
}

// The window spacing of 8 output columns from `ow` when their windows are whole (no
// padding), equally wide and 1 or 2 apart; 0 otherwise.
int RegularStride(const PoolWindowFp16* cols, int ow) {
  const PoolWindowFp16& first = cols[ow];
  const int width = Count(first);
  const int stride = cols[ow + 1].begin - first.begin;
  if (width == 0 || first.padded_size != width || (stride != 1 && stride != 2)) return 0;
  for (int i = 1; i < 8; ++i) {
    const PoolWindowFp16& w = cols[ow + i];
    if (w.begin != first.begin + i * stride || Count(w) != width || w.padded_size != width) {
      return 0;
    }
  }
  return stride;
}

// Values at p, p + 2, ..., p + 14: vld2q where its 16 reads stay inside the row.
float16x8_t LoadEveryOther(const float16_t* p, const float16_t* row_end) {
  if (p + 16 <= row_end) return vld2q_f16(p).val[0];
  float16_t lanes[8];
  for (int i = 0; i < 8; ++i) lanes[i] = p[2 * i];
  return vld1q_f16(lanes);
}

// 8 outputs of one row whose column windows are regular (RegularStride), starting at `ow`.
void PoolEight(const float16_t* plane, const PoolPlaneFp16& p, const PoolWindowFp16& r, int ow,
               int stride, float16_t* out) {
  const PoolWindowFp16& c = p.cols[ow];
  const int width = Count(c);
  if (Count(r) == 0) {
    vst1q_f16(out, vdupq_n_f16(0));
    return;
  }
  float16x8_t m = vdupq_n_f16(0);
  float32x4_t lo = vdupq_n_f32(0.f), hi = vdupq_n_f32(0.f);
  bool first = true;
  for (int h = r.begin; h < r.end; ++h) {
    const float16_t* row = plane + h * p.in_w;
    for (int t = 0; t < width; ++t) {
      const float16_t* at = row + c.begin + t;
      const float16x8_t v = stride == 1 ? vld1q_f16(at) : LoadEveryOther(at, row + p.in_w);
      if (p.is_max) {
        m = first ? v : vmaxnmq_f16(m, v);
        first = false;
      } else {
        lo = vaddq_f32(lo, vcvt_f32_f16(vget_low_f16(v)));
        hi = vaddq_f32(hi, vcvt_high_f32_f16(v));
      }
    }
  }
  if (!p.is_max) {
    const float32x4_t scale = vdupq_n_f32(1.f / Divisor(p, r, c));
    m = vcvt_high_f16_f32(vcvt_f16_f32(vmulq_f32(lo, scale)), vmulq_f32(hi, scale));
  }
  vst1q_f16(out, m);
}

}  // namespace

void PoolPlanesFp16(const float16* x, int plane_begin, int plane_end, const PoolPlaneFp16& p,
                    float16* out) {
  const auto* src = reinterpret_cast<const float16_t*>(x);
  auto* dst = reinterpret_cast<float16_t*>(out);
  const long long in_plane = static_cast<long long>(p.in_h) * p.in_w;
  const long long out_plane = static_cast<long long>(p.out_h) * p.out_w;
  for (int plane = plane_begin; plane < plane_end; ++plane) {
    const float16_t* in = src + plane * in_plane;
    float16_t* o = dst + plane * out_plane;
    for (int oh = 0; oh < p.out_h; ++oh, o += p.out_w) {
      const PoolWindowFp16& r = p.rows[oh];
      int ow = 0;
      while (ow < p.out_w) {
        const int stride = ow + 8 <= p.out_w ? RegularStride(p.cols, ow) : 0;
        if (stride != 0) {
          PoolEight(in, p, r, ow, stride, o + ow);
          ow += 8;
        } else {
          o[ow] = PoolOne(in, p, r, p.cols[ow]);
          ++ow;
        }
      }
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
