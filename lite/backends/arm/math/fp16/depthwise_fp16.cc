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
// to 8 columns, plus the taps; vld2q reads 16 from a tap's column, the last at most
// 2 * out_w8 + kernel - 2), tall enough for the last output row's taps.
struct PaddedPlane {
  int rows, cols;
};

PaddedPlane PaddedPlaneOf(const DepthwiseFp16Plane& p) {
  const int out_w8 = (p.out_w + 7) / 8 * 8;
  return {(p.out_h - 1) * p.stride_h + p.kernel, out_w8 * p.stride_w + p.kernel - 1};
}

int Min(int a, int b) { return a < b ? a : b; }

// 8 outputs of one row from the K padded input rows rows[0..K) at column `col`.
template <int K, int kStrideW>
float16x8_t EightOutputs(const float16_t* const* rows, int col, const float16x8_t* w,
                         float16x8_t acc) {
  for (int kh = 0; kh < K; ++kh) {
    const float16_t* r = rows[kh] + col;
    const float16x8_t* wk = w + kh * K;
    if (kStrideW == 1) {
      for (int kw = 0; kw < K; ++kw) acc = vfmaq_f16(acc, vld1q_f16(r + kw), wk[kw]);
    } else {
      for (int kw = 0; kw + 1 < K; kw += 2) {  // taps kw and kw + 1: even and odd columns
        const float16x8x2_t even_odd = vld2q_f16(r + kw);
        acc = vfmaq_f16(acc, even_odd.val[0], wk[kw]);
        acc = vfmaq_f16(acc, even_odd.val[1], wk[kw + 1]);
      }
      acc = vfmaq_f16(acc, vld2q_f16(r + K - 1).val[0], wk[K - 1]);
    }
  }
  return acc;
}

template <int K, int kStrideH, int kStrideW>
void ConvolvePlane(const float16_t* padded, int padded_cols, const float16x8_t* w, float16_t bias,
                   const ActFp16& act_regs, const Activation& act, const DepthwiseFp16Plane& p,
                   float16_t* out) {
  const float16x8_t b = vdupq_n_f16(bias);
  for (int oh = 0; oh < p.out_h; ++oh) {
    const float16_t* rows[K];
    for (int kh = 0; kh < K; ++kh) {
      rows[kh] = padded + static_cast<long long>(oh * kStrideH + kh) * padded_cols;
    }
    float16_t* row = out + static_cast<long long>(oh) * p.out_w;
    for (int ow = 0; ow < p.out_w; ow += 8) {
      const float16x8_t v =
          ApplyActFp16(EightOutputs<K, kStrideW>(rows, ow * kStrideW, w, b), act_regs);
      if (ow + 8 <= p.out_w) {
        vst1q_f16(row + ow, v);
      } else {
        float16_t lanes[8];
        vst1q_f16(lanes, v);
        for (int j = 0; j < p.out_w - ow; ++j) row[ow + j] = lanes[j];
      }
    }
    if (!InFp16Registers(act.kind)) {
      ActivateFp16(reinterpret_cast<const float16*>(row), reinterpret_cast<float16*>(row), p.out_w,
                   act);
    }
  }
}

template <int K>
void ConvolvePlaneK(const float16_t* padded, int padded_cols, const float16x8_t* w, float16_t bias,
                    const ActFp16& act_regs, const Activation& act, const DepthwiseFp16Plane& p,
                    float16_t* out) {
  if (p.stride_h == 1) {
    ConvolvePlane<K, 1, 1>(padded, padded_cols, w, bias, act_regs, act, p, out);
  } else if (p.stride_w == 2) {
    ConvolvePlane<K, 2, 2>(padded, padded_cols, w, bias, act_regs, act, p, out);
  } else {
    ConvolvePlane<K, 2, 1>(padded, padded_cols, w, bias, act_regs, act, p, out);
  }
}

}  // namespace

bool DepthwiseFp16Supports(int kernel_h, int kernel_w, int stride_h, int stride_w, int dilation_h,
                           int dilation_w) {
  const bool strides = (stride_h == stride_w && (stride_h == 1 || stride_h == 2)) ||
                       (stride_h == 2 && stride_w == 1);
  return kernel_h == kernel_w && (kernel_h == 3 || kernel_h == 5) && strides && dilation_h == 1 &&
         dilation_w == 1;
}

long long DepthwiseFp16ScratchSize(const DepthwiseFp16Plane& p) {
  const PaddedPlane padded = PaddedPlaneOf(p);
  return static_cast<long long>(padded.rows) * padded.cols;
}

void DepthwiseFp16(const float16* x, const float16* filter, const float16* bias, int channels,
                   int plane_begin, int plane_end, const DepthwiseFp16Plane& p,
                   const Activation& act, float16* scratch, float16* out) {
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
    const int taps = p.kernel * p.kernel;
    float16x8_t w[25];
    for (int i = 0; i < taps; ++i) w[i] = vdupq_n_f16(filter_h[c * taps + i]);
    const float16_t b = bias_h ? bias_h[c] : static_cast<float16_t>(0);
    if (p.kernel == 3) {
      ConvolvePlaneK<3>(padded, shape.cols, w, b, act_regs, act, p, dst + plane * out_plane);
    } else {
      ConvolvePlaneK<5>(padded, shape.cols, w, b, act_regs, act, p, dst + plane * out_plane);
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
