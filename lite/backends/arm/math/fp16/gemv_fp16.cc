#include "lite/backends/arm/math/fp16/gemv_fp16.h"

#include <arm_neon.h>

#include "lite/backends/arm/math/fp16/activation_fp16.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {
#include "lite/backends/arm/math/fp16/act_fp16.inc"

// V vectors of 8 columns from column j of one row: acc = bias + sum_p x[p] *
// w[p][j..].
template <int V>
void Columns(int k, const float16_t* x, const float16_t* w, int ldw, const float16_t* bias,
             const ActFp16& act, float16_t* y) {
  float16x8_t acc[V];
  for (int v = 0; v < V; ++v) acc[v] = bias ? vld1q_f16(bias + 8 * v) : vdupq_n_f16(0);
  for (int p = 0; p < k; ++p, w += ldw) {
    const float16x8_t xv = vdupq_n_f16(x[p]);
    for (int v = 0; v < V; ++v) acc[v] = vfmaq_f16(acc[v], vld1q_f16(w + 8 * v), xv);
  }
  for (int v = 0; v < V; ++v) vst1q_f16(y + 8 * v, ApplyActFp16(acc[v], act));
}

// The last n < 8 columns, through one padded vector.
void Tail(int n, int k, const float16_t* x, const float16_t* w, int ldw, const float16_t* bias,
          const ActFp16& act, float16_t* y) {
  float16_t lanes[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  float16x8_t acc = vdupq_n_f16(0);
  if (bias) {
    for (int j = 0; j < n; ++j) lanes[j] = bias[j];
    acc = vld1q_f16(lanes);
  }
  for (int p = 0; p < k; ++p, w += ldw) {
    for (int j = 0; j < n; ++j) lanes[j] = w[j];
    acc = vfmaq_f16(acc, vld1q_f16(lanes), vdupq_n_f16(x[p]));
  }
  vst1q_f16(lanes, ApplyActFp16(acc, act));
  for (int j = 0; j < n; ++j) y[j] = lanes[j];
}

}  // namespace

void GemvFp16(int m, int n, int k, const float16* x, int ldx, const float16* w, int ldw,
              const float16* bias, const Activation& act, float16* y, int ldy) {
  const auto* xh = reinterpret_cast<const float16_t*>(x);
  const auto* wh = reinterpret_cast<const float16_t*>(w);
  const auto* bh = reinterpret_cast<const float16_t*>(bias);
  auto* yh = reinterpret_cast<float16_t*>(y);
  const ActFp16 regs = MakeActFp16(act);
  for (int i = 0; i < m; ++i) {
    const float16_t* xi = xh + static_cast<long long>(i) * ldx;
    float16_t* yi = yh + static_cast<long long>(i) * ldy;
    int j = 0;
    for (; j + 32 <= n; j += 32)
      Columns<4>(k, xi, wh + j, ldw, bh ? bh + j : nullptr, regs, yi + j);
    for (; j + 8 <= n; j += 8) Columns<1>(k, xi, wh + j, ldw, bh ? bh + j : nullptr, regs, yi + j);
    if (j < n) Tail(n - j, k, xi, wh + j, ldw, bh ? bh + j : nullptr, regs, yi + j);
    if (!InFp16Registers(act.kind)) {
      ActivateFp16(reinterpret_cast<const float16*>(yi), reinterpret_cast<float16*>(yi), n, act);
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
