#include "lite/backends/arm/math/fp16/depthwise_fp16.h"

#include <arm_neon.h>

#include "lite/backends/arm/math/fp16/activation_fp16.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {
#include "lite/backends/arm/math/fp16/act_fp16.inc"

// The zero-bordered plane: wide enough for 8-column loads past the last output (rounded up
// to 8 columns, plus the taps; vld2q reads 16), tall enough for the last output row's taps.
struct PaddedPlane {
  int rows, cols;
};

PaddedPlane PaddedPlaneOf(const Depthwise3x3Fp16Plane& p) {
  const int out_w8 = (p.out_w + 7) / 8 * 8;
  return {(p.out_h - 1) * p.stride + 3, out_w8 * p.stride + 2};
}

int Min(int a, int b) { return a < b ? a : b; }

// 8 outputs of one row from three padded input rows starting at column `col`.
template <int kStride>
float16x8_t EightOutputs(const float16_t* r0, const float16_t* r1, const float16_t* r2,
                         const float16x8_t* w, float16x8_t acc) {
  const float16_t* rows[3] = {r0, r1, r2};
  for (int kh = 0; kh < 3; ++kh) {
    if (kStride == 1) {
      acc = vfmaq_f16(acc, vld1q_f16(rows[kh]), w[kh * 3]);
      acc = vfmaq_f16(acc, vld1q_f16(rows[kh] + 1), w[kh * 3 + 1]);
      acc = vfmaq_f16(acc, vld1q_f16(rows[kh] + 2), w[kh * 3 + 2]);
    } else {
      const float16x8x2_t even_odd = vld2q_f16(rows[kh]);  // taps 0 and 1
      acc = vfmaq_f16(acc, even_odd.val[0], w[kh * 3]);
      acc = vfmaq_f16(acc, even_odd.val[1], w[kh * 3 + 1]);
      acc = vfmaq_f16(acc, vld2q_f16(rows[kh] + 2).val[0], w[kh * 3 + 2]);
    }
  }
  return acc;
}

template <int kStride>
void ConvolvePlane(const float16_t* padded, int padded_cols, const float16x8_t* w,
                   float16_t bias, const ActFp16& act_regs, const Activation& act,
                   const Depthwise3x3Fp16Plane& p, float16_t* out) {
  const float16x8_t b = vdupq_n_f16(bias);
  for (int oh = 0; oh < p.out_h; ++oh) {
    const float16_t* r0 = padded + static_cast<long long>(oh) * kStride * padded_cols;
    const float16_t* r1 = r0 + padded_cols;
    const float16_t* r2 = r1 + padded_cols;
    float16_t* row = out + static_cast<long long>(oh) * p.out_w;
    for (int ow = 0; ow < p.out_w; ow += 8) {
      const int col = ow * kStride;
      const float16x8_t v =
          ApplyActFp16(EightOutputs<kStride>(r0 + col, r1 + col, r2 + col, w, b), act_regs);
      if (ow + 8 <= p.out_w) {
        vst1q_f16(row + ow, v);
      } else {
        float16_t lanes[8];
        vst1q_f16(lanes, v);
        for (int j = 0; j < p.out_w - ow; ++j) row[ow + j] = lanes[j];
      }
    }
    if (!InFp16Registers(act.kind)) {
      ActivateFp16(reinterpret_cast<const float16*>(row), reinterpret_cast<float16*>(row),
                   p.out_w, act);
    }
  }
}

}  // namespace

long long Depthwise3x3Fp16ScratchSize(const Depthwise3x3Fp16Plane& p) {
  const PaddedPlane padded = PaddedPlaneOf(p);
  return static_cast<long long>(padded.rows) * padded.cols;
}

void Depthwise3x3Fp16(const float16* x, const float16* filter, const float16* bias,
                      int channels, int plane_begin, int plane_end,
                      const Depthwise3x3Fp16Plane& p, const Activation& act, float16* scratch,
                      float16* out) {
  const auto* src = reinterpret_cast<const float16_t*>(x);
  const auto* filter_h = reinterpret_cast<const float16_t*>(filter);
  const auto* bias_h = reinterpret_cast<const float16_t*>(bias);
  auto* dst = reinterpret_cast<float16_t*>(out);
  auto* padded = reinterpret_cast<float16_t*>(scratch);
  const PaddedPlane shape = PaddedPlaneOf(p);
  // Every plane is copied to the same place, so the zero border written once stays zero.
  const long long padded_size = static_cast<long long>(shape.rows) * shape.cols;
  for (long long i = 0; i < padded_size; ++i) padded[i] = 0;
  const int copy_rows = Min(p.in_h, shape.rows - p.pad_top);
  const int copy_cols = Min(p.in_w, shape.cols - p.pad_left);
  const long long in_plane = static_cast<long long>(p.in_h) * p.in_w;
  const long long out_plane = static_cast<long long>(p.out_h) * p.out_w;
  const ActFp16 act_regs = MakeActFp16(act);
  for (int plane = plane_begin; plane < plane_end; ++plane) {
    const int c = plane % channels;
    const float16_t* in = src + plane * in_plane;
    for (int h = 0; h < copy_rows; ++h) {
      float16_t* to = padded + static_cast<long long>(h + p.pad_top) * shape.cols + p.pad_left;
      for (int j = 0; j < copy_cols; ++j) to[j] = in[h * p.in_w + j];
    }
    float16x8_t w[9];
    for (int i = 0; i < 9; ++i) w[i] = vdupq_n_f16(filter_h[c * 9 + i]);
    const float16_t b = bias_h ? bias_h[c] : static_cast<float16_t>(0);
    if (p.stride == 1) {
      ConvolvePlane<1>(padded, shape.cols, w, b, act_regs, act, p, dst + plane * out_plane);
    } else {
      ConvolvePlane<2>(padded, shape.cols, w, b, act_regs, act, p, dst + plane * out_plane);
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
