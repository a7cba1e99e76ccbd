#include "lite/backends/arm/math/fp16/elementwise_fp16.h"

#include <arm_neon.h>

#include "lite/backends/arm/math/fp16/activation_fp16.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {
#include "lite/backends/arm/math/fp16/act_fp16.inc"

float16x8_t Apply(BinaryOp op, float16x8_t a, float16x8_t b) {
  switch (op) {
    case BinaryOp::kAdd:
      return vaddq_f16(a, b);
    case BinaryOp::kSub:
      return vsubq_f16(a, b);
    case BinaryOp::kMul:
      return vmulq_f16(a, b);
    case BinaryOp::kDiv:
      return vdivq_f16(a, b);
    case BinaryOp::kMax:  // a > b ? a : b, as the host (vmaxq would return a NaN x)
      return vbslq_f16(vcgtq_f16(a, b), a, b);
    case BinaryOp::kMin:
      return vbslq_f16(vcltq_f16(a, b), a, b);
  }
  return a;
}

// The op fixed per loop: the switch above folds away.
template <BinaryOp kOp, bool kXMoves, bool kYMoves>
void Row(const float16_t* x, const float16_t* y, float16_t* out, long long n,
         const ActFp16& act) {
  const float16x8_t x_fixed = vdupq_n_f16(*x), y_fixed = vdupq_n_f16(*y);
  long long i = 0;
  for (; i + 8 <= n; i += 8) {
    const float16x8_t a = kXMoves ? vld1q_f16(x + i) : x_fixed;
    const float16x8_t b = kYMoves ? vld1q_f16(y + i) : y_fixed;
    vst1q_f16(out + i, ApplyActFp16(Apply(kOp, a, b), act));
  }
  if (i < n) {  // the tail through padded vectors
    float16_t xs[8] = {0, 0, 0, 0, 0, 0, 0, 0}, ys[8] = {1, 1, 1, 1, 1, 1, 1, 1}, rs[8];
    for (long long j = i; j < n; ++j) {
      xs[j - i] = kXMoves ? x[j] : *x;
      ys[j - i] = kYMoves ? y[j] : *y;
    }
    vst1q_f16(rs, ApplyActFp16(Apply(kOp, vld1q_f16(xs), vld1q_f16(ys)), act));
    for (long long j = i; j < n; ++j) out[j] = rs[j - i];
  }
}

template <BinaryOp kOp>
void RowOf(const float16_t* x, bool x_moves, const float16_t* y, bool y_moves, float16_t* out,
           long long n, const ActFp16& act) {
  if (x_moves && y_moves) {
    Row<kOp, true, true>(x, y, out, n, act);
  } else if (x_moves) {
    Row<kOp, true, false>(x, y, out, n, act);
  } else if (y_moves) {
    Row<kOp, false, true>(x, y, out, n, act);
  } else {
    Row<kOp, false, false>(x, y, out, n, act);
  }
}

}  // namespace

void BinaryRowFp16(BinaryOp op, const float16* x, bool x_moves, const float16* y, bool y_moves,
                   float16* out, long long n, const Activation& act) {
  const auto* xh = reinterpret_cast<const float16_t*>(x);
  const auto* yh = reinterpret_cast<const float16_t*>(y);
  auto* oh = reinterpret_cast<float16_t*>(out);
  const ActFp16 regs = MakeActFp16(act);
  switch (op) {
    case BinaryOp::kAdd:
      RowOf<BinaryOp::kAdd>(xh, x_moves, yh, y_moves, oh, n, regs);
      break;
    case BinaryOp::kSub:
      RowOf<BinaryOp::kSub>(xh, x_moves, yh, y_moves, oh, n, regs);
      break;
    case BinaryOp::kMul:
      RowOf<BinaryOp::kMul>(xh, x_moves, yh, y_moves, oh, n, regs);
      break;
    case BinaryOp::kDiv:
      RowOf<BinaryOp::kDiv>(xh, x_moves, yh, y_moves, oh, n, regs);
      break;
    case BinaryOp::kMax:
      RowOf<BinaryOp::kMax>(xh, x_moves, yh, y_moves, oh, n, regs);
      break;
    case BinaryOp::kMin:
      RowOf<BinaryOp::kMin>(xh, x_moves, yh, y_moves, oh, n, regs);
      break;
  }
  if (!InFp16Registers(act.kind)) ActivateFp16(out, out, n, act);
}

void NormalizeRowFp16(const float16* x, const float16* mean, const float16* gain,
                      const float16* bias, float16* out, long long n) {
  const auto* xh = reinterpret_cast<const float16_t*>(x);
  auto* oh = reinterpret_cast<float16_t*>(out);
  const float16_t m = *reinterpret_cast<const float16_t*>(mean);
  const float16_t g = *reinterpret_cast<const float16_t*>(gain);
  const float16_t b = *reinterpret_cast<const float16_t*>(bias);
  const float16x8_t mv = vdupq_n_f16(m), gv = vdupq_n_f16(g), bv = vdupq_n_f16(b);
  long long i = 0;
  for (; i + 8 <= n; i += 8) {
    vst1q_f16(oh + i, vfmaq_f16(bv, vsubq_f16(vld1q_f16(xh + i), mv), gv));
  }
  for (; i < n; ++i) oh[i] = vfmah_f16(b, vsubh_f16(xh[i], m), g);
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
