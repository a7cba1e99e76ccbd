#include "lite/backends/arm/math/fp16/im2col_fp16.h"

#include <arm_neon.h>

#include "lite/backends/arm/math/fp16/gemm_fp16.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

int Min(int a, int b) { return a < b ? a : b; }

void Zero(float16_t* dst, int n) {
  int i = 0;
  for (; i + 8 <= n; i += 8) vst1q_f16(dst + i, vdupq_n_f16(0));
  for (; i < n; ++i) dst[i] = 0;
}

// dst[t] = src[t * s] for t < n, reading nothing past src[(n - 1) * s].
void CopyStrided(const float16_t* src, int s, int n, float16_t* dst) {
  int t = 0;
  if (s == 1) {
    for (; t + 8 <= n; t += 8) vst1q_f16(dst + t, vld1q_f16(src + t));
  } else if (s == 2) {
    // vld2q reads src[2t .. 2t + 15]; with t + 8 < n the last is within src[2(n - 1)].
    for (; t + 8 < n; t += 8) vst1q_f16(dst + t, vld2q_f16(src + 2 * t).val[0]);
  }
  for (; t < n; ++t) dst[t] = src[t * s];
}

// Where the 16 halves of one packed panel row come from, the same for every channel: for a
// filter tap (kh, kw), the panel's columns run along output rows, and in each output row the
// columns whose tap falls inside the input are one strided run of an input row (the rest,
// padding, are zero). `dense`: one stride-1 run fills the whole row.
struct PanelRowPlan {
  struct Run {
    int dst, len;
    long long src;  // offset in the channel's plane
  };
  Run runs[kGemmFp16Cols];
  int count = 0;
  int stride = 1;
  bool dense = false;
};

PanelRowPlan PlanPanelRow(const host::math::ConvWindow& w, int kh, int kw, int oh, int ow,
                          int cols) {
  PanelRowPlan plan;
  plan.stride = w.stride_w;
  const int dh = kh * w.dilation_h - w.pad_top;
  const int dw = kw * w.dilation_w - w.pad_left;
  const int sw = w.stride_w;
  for (int j = 0; j < cols; ow = 0, ++oh) {
    const int run = Min(cols - j, w.out_w - ow);
    const int ih = oh * w.stride_h + dh;
    const int dst = j;
    j += run;
    if (ih < 0 || ih >= w.in_h) continue;
    // Column t of the run reads input column first + t * sw: inside for t in [lo, hi).
    const int first = ow * sw + dw;
    const int lo = first >= 0 ? 0 : Min(run, (sw - 1 - first) / sw);
    const int hi = first >= w.in_w ? 0 : Min(run, (w.in_w - 1 - first) / sw + 1);
    if (hi > lo) {
      plan.runs[plan.count++] = {dst + lo, hi - lo,
                                 static_cast<long long>(ih) * w.in_w + first + lo * sw};
    }
  }
  plan.dense = plan.count == 1 && sw == 1 && plan.runs[0].len == kGemmFp16Cols;
  return plan;
}

void UnfoldPanelRow(const float16_t* plane, const PanelRowPlan& plan, float16_t* dst) {
  if (plan.dense) {
    const float16_t* src = plane + plan.runs[0].src;
    vst1q_f16(dst, vld1q_f16(src));
    vst1q_f16(dst + 8, vld1q_f16(src + 8));
    return;
  }
  Zero(dst, kGemmFp16Cols);
  for (int i = 0; i < plan.count; ++i) {
    const PanelRowPlan::Run& r = plan.runs[i];
    CopyStrided(plane + r.src, plan.stride, r.len, dst + r.dst);
  }
}

}  // namespace

void Im2ColPackedFp16(const float16* im, int channels, const host::math::ConvWindow& w,
                      int col_begin, int col_end, float16* packed) {
  const auto* src = reinterpret_cast<const float16_t*>(im);
  auto* dst = reinterpret_cast<float16_t*>(packed);
  const long long plane = static_cast<long long>(w.in_h) * w.in_w;
  const int rows = channels * w.kernel_h * w.kernel_w;
  for (int col0 = col_begin; col0 < col_end; col0 += kGemmFp16Cols) {
    const int cols = col_end - col0 < kGemmFp16Cols ? col_end - col0 : kGemmFp16Cols;
    float16_t* panel = dst + static_cast<long long>(col0 - col_begin) * rows;
    const int oh = col0 / w.out_w, ow = col0 % w.out_w;
    const int taps = w.kernel_h * w.kernel_w;
    for (int kh = 0; kh < w.kernel_h; ++kh) {
      for (int kw = 0; kw < w.kernel_w; ++kw) {
        const PanelRowPlan plan = PlanPanelRow(w, kh, kw, oh, ow, cols);
        float16_t* row = panel + (kh * w.kernel_w + kw) * kGemmFp16Cols;
        for (int c = 0; c < channels; ++c, row += taps * kGemmFp16Cols) {
          UnfoldPanelRow(src + c * plane, plan, row);
        }
      }
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
