#include "lite/backends/arm/math/depthwise/depthwise_int8.h"

#include <arm_neon.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "lite/backends/arm/math/activation.h"
#include "lite/backends/arm/math/gemm_int8/igemm.h"  // QuantizeToInt8

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

constexpr int kLanes = 8;  // outputs an int16 vector holds

int RoundUp(int v, int m) { return (v + m - 1) / m * m; }

// The band: rows [first_row, first_row + rows) of the input, columns from -pad_left, wide
// enough for whole vectors of outputs (stride 2 reads one pair past the last).
struct Band {
  int first_row{0}, rows{0}, cols{0};
};

int BandCols(const ConvWindow& w) {
  const int out_w = RoundUp(w.out_w, kLanes);
  return (out_w - 1) * w.stride_w + (w.kernel_w - 1) * w.dilation_w + 1 + (w.stride_w == 2);
}

Band BandOf(const ConvWindow& w, int oy0, int oy1) {
  Band b;
  b.first_row = oy0 * w.stride_h - w.pad_top;
  b.rows = (oy1 - oy0 - 1) * w.stride_h + (w.kernel_h - 1) * w.dilation_h + 1;
  b.cols = BandCols(w);
  return b;
}

// n values of x into q as the int8 convs quantize (lo: -127 ties away, -128 to even):
// clamped first (fmaxnm turns NaN into lo), then rounded.
void QuantizeRow(const float* x, int n, float inv_scale, bool ties_to_even, int16_t* q) {
  const float lo = ties_to_even ? -128.f : -127.f;
  const float32x4_t vinv = vdupq_n_f32(inv_scale), vlo = vdupq_n_f32(lo),
                    vhi = vdupq_n_f32(127.f);
  int i = 0;
  for (; i + kLanes <= n; i += kLanes) {
    float32x4_t a = vmulq_f32(vld1q_f32(x + i), vinv);
    float32x4_t b = vmulq_f32(vld1q_f32(x + i + 4), vinv);
    a = vminnmq_f32(vmaxnmq_f32(a, vlo), vhi);
    b = vminnmq_f32(vmaxnmq_f32(b, vlo), vhi);
    const int32x4_t ia = ties_to_even ? vcvtnq_s32_f32(a) : vcvtaq_s32_f32(a);
    const int32x4_t ib = ties_to_even ? vcvtnq_s32_f32(b) : vcvtaq_s32_f32(b);
    vst1q_s16(q + i, vcombine_s16(vmovn_s32(ia), vmovn_s32(ib)));
  }
  for (; i < n; ++i) {
    float v = x[i] * inv_scale;
    v = v >= lo ? std::min(v, 127.f) : lo;  // NaN fails the comparison
    q[i] = static_cast<int16_t>(ties_to_even ? std::nearbyint(v) : std::round(v));
  }
}

// n int8 values widened into q.
void WidenRow(const int8_t* x, int n, int16_t* q) {
  int i = 0;
  for (; i + kLanes <= n; i += kLanes) vst1q_s16(q + i, vmovl_s8(vld1_s8(x + i)));
  for (; i < n; ++i) q[i] = x[i];
}

// The band's rows: quantized (or widened) input, zeros for the padding around it.
void FillBand(const ConvWindow& w, const DepthwiseInt8Input& in, const Band& b, int16_t* band) {
  const int inside = std::max(0, std::min(w.in_w, b.cols - w.pad_left));
  for (int r = 0; r < b.rows; ++r) {
    int16_t* row = band + static_cast<size_t>(r) * b.cols;
    const int iy = b.first_row + r;
    if (iy < 0 || iy >= w.in_h) {
      std::fill(row, row + b.cols, int16_t{0});
      continue;
    }
    const int left = std::min(w.pad_left, b.cols);
    std::fill(row, row + left, int16_t{0});
    const size_t offset = static_cast<size_t>(iy) * w.in_w;
    if (in.int8_plane) {
      WidenRow(in.int8_plane + offset, inside, row + left);
    } else {
      QuantizeRow(in.plane + offset, inside, in.inv_scale, in.ties_to_even, row + left);
    }
    std::fill(row + left + inside, row + b.cols, int16_t{0});
  }
}

// The 8 band values of outputs ox..ox+7 for a tap starting at column `col` (stride 1 or 2).
template <int kStride>
inline int16x8_t TapValues(const int16_t* row, int col) {
  if (kStride == 1) return vld1q_s16(row + col);
  return vld2q_s16(row + col).val[0];
}

// Sums of kTiles x 8 outputs from column ox of output row `r` of the band.
template <int kStride, int kTiles>
inline void SumTiles(const ConvWindow& w, const int16_t* band, int cols, int r, int ox,
                     const int16_t* weights, int32x4_t* acc) {
  for (int t = 0; t < 2 * kTiles; ++t) acc[t] = vdupq_n_s32(0);
  for (int ky = 0; ky < w.kernel_h; ++ky) {
    const int16_t* row = band + static_cast<size_t>(r * w.stride_h + ky * w.dilation_h) * cols;
    for (int kx = 0; kx < w.kernel_w; ++kx) {
      const int16_t wt = weights[ky * w.kernel_w + kx];
      const int col = ox * kStride + kx * w.dilation_w;
      for (int t = 0; t < kTiles; ++t) {
        const int16x8_t v = TapValues<kStride>(row, col + t * kLanes * kStride);
        acc[2 * t] = vmlal_n_s16(acc[2 * t], vget_low_s16(v), wt);
        acc[2 * t + 1] = vmlal_high_n_s16(acc[2 * t + 1], v, wt);
      }
    }
  }
}

// scale * sum + bias, then relu / relu6 in registers.
struct Epilogue {
  float32x4_t scale, bias, lo, hi;
  bool clamp_lo, clamp_hi;
  Epilogue(float s, float b, const Activation& act)
      : scale(vdupq_n_f32(s)),
        bias(vdupq_n_f32(b)),
        lo(vdupq_n_f32(0.f)),
        hi(vdupq_n_f32(act.relu6_threshold)),
        clamp_lo(act.kind == ActivationType::kRelu || act.kind == ActivationType::kRelu6),
        clamp_hi(act.kind == ActivationType::kRelu6) {}
  float32x4_t operator()(int32x4_t sum) const {
    float32x4_t v = vfmaq_f32(bias, vcvtq_f32_s32(sum), scale);
    if (clamp_lo) v = vmaxq_f32(v, lo);
    if (clamp_hi) v = vminq_f32(v, hi);
    return v;
  }
};

template <int kStride>
void VectorRow(const ConvWindow& w, const int16_t* band, int cols, int r,
               const int16_t* weights, const Epilogue& ep, float* out) {
  int32x4_t acc[4];
  int ox = 0;
  for (; ox + 2 * kLanes <= w.out_w; ox += 2 * kLanes) {
    SumTiles<kStride, 2>(w, band, cols, r, ox, weights, acc);
    for (int t = 0; t < 4; ++t) vst1q_f32(out + ox + 4 * t, ep(acc[t]));
  }
  for (; ox < w.out_w; ox += kLanes) {
    SumTiles<kStride, 1>(w, band, cols, r, ox, weights, acc);
    if (ox + kLanes <= w.out_w) {
      vst1q_f32(out + ox, ep(acc[0]));
      vst1q_f32(out + ox + 4, ep(acc[1]));
    } else {  // the band holds whole vectors; the row's end does not
      float tail[kLanes];
      vst1q_f32(tail, ep(acc[0]));
      vst1q_f32(tail + 4, ep(acc[1]));
      std::copy(tail, tail + (w.out_w - ox), out + ox);
    }
  }
}

// Other horizontal strides: one output at a time.
void ScalarRow(const ConvWindow& w, const int16_t* band, int cols, int r,
               const int16_t* weights, float scale, float bias, const Activation& act,
               float* out) {
  for (int ox = 0; ox < w.out_w; ++ox) {
    int32_t sum = 0;
    for (int ky = 0; ky < w.kernel_h; ++ky) {
      const int16_t* row = band + static_cast<size_t>(r * w.stride_h + ky * w.dilation_h) * cols;
      for (int kx = 0; kx < w.kernel_w; ++kx) {
        sum += static_cast<int32_t>(weights[ky * w.kernel_w + kx]) *
               row[ox * w.stride_w + kx * w.dilation_w];
      }
    }
    float v = std::fma(static_cast<float>(sum), scale, bias);
    if (act.kind == ActivationType::kRelu || act.kind == ActivationType::kRelu6) v = std::max(v, 0.f);
    if (act.kind == ActivationType::kRelu6) v = std::min(v, act.relu6_threshold);
    out[ox] = v;
  }
}

bool InRegisters(const Activation& act) {
  return act.kind == ActivationType::kNone || act.kind == ActivationType::kRelu ||
         act.kind == ActivationType::kRelu6;
}

}  // namespace

bool DepthwiseInt8Supports(const ConvWindow& w) {
  // Rows and columns past the plane read as padding zeros: any output size is safe.
  return w.in_h > 0 && w.in_w > 0 && w.kernel_h > 0 && w.kernel_w > 0 && w.stride_h > 0 &&
         w.stride_w > 0 && w.dilation_h > 0 && w.dilation_w > 0 && w.pad_top >= 0 &&
         w.pad_left >= 0 && w.out_h > 0 && w.out_w > 0;
}

DepthwiseInt8Filter::DepthwiseInt8Filter(int channels, int kernel_h, int kernel_w,
                                         const int8_t* filter, const float* scales,
                                         const float* bias)
    : kernel_h_(kernel_h),
      kernel_w_(kernel_w),
      taps_(kernel_h * kernel_w),
      weights_(filter, filter + static_cast<size_t>(channels) * kernel_h * kernel_w),
      scales_(scales, scales + channels),
      bias_(bias ? std::vector<float>(bias, bias + channels) : std::vector<float>(channels)) {}

size_t DepthwiseInt8BandValues(const ConvWindow& w, int out_rows) {
  const Band b = BandOf(w, 0, std::max(1, out_rows));
  return static_cast<size_t>(b.rows) * b.cols;
}

void DepthwiseInt8Rows(const ConvWindow& w, const DepthwiseInt8Input& in,
                       const DepthwiseInt8Filter& filter, int c, const Activation& act, int oy0,
                       int oy1, int16_t* band, const DepthwiseInt8Output& out) {
  const Band b = BandOf(w, oy0, oy1);
  FillBand(w, in, b, band);
  const int16_t* weights = filter.weights(c);
  const Epilogue ep(filter.scale(c), filter.bias(c), act);
  thread_local std::vector<float> int8_row;  // the float row an int8 output quantizes
  if (out.int8_plane) int8_row.resize(w.out_w);
  for (int oy = oy0; oy < oy1; ++oy) {
    const size_t offset = static_cast<size_t>(oy) * w.out_w;
    float* row = out.int8_plane ? int8_row.data() : out.plane + offset;
    const int r = oy - oy0;
    if (w.stride_w == 1) {
      VectorRow<1>(w, band, b.cols, r, weights, ep, row);
    } else if (w.stride_w == 2) {
      VectorRow<2>(w, band, b.cols, r, weights, ep, row);
    } else {
      ScalarRow(w, band, b.cols, r, weights, filter.scale(c), filter.bias(c), act, row);
    }
    if (!InRegisters(act)) Activate(row, nullptr, row, w.out_w, act);
    if (out.int8_plane) {
      QuantizeToInt8(row, w.out_w, out.inv_scale, out.ties_to_even, out.int8_plane + offset);
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
