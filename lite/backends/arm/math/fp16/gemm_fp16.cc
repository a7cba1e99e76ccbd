#include "lite/backends/arm/math/fp16/gemm_fp16.h"

#include <arm_neon.h>

#include "lite/backends/arm/math/fp16/activation_fp16.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {
#include "lite/backends/arm/math/fp16/act_fp16.inc"

constexpr int kMr = kGemmFp16Rows;
constexpr int kNr = kGemmFp16Cols;

// acc[2r], acc[2r + 1] = row r (16 columns) of the 8 x 16 tile: sum over p < k of
// a[p * 8 + r] * b[p * 16 + j].
void MultiplyTile(int k, const float16_t* a, const float16_t* b, float16x8_t* acc) {
  const float16x8_t zero = vdupq_n_f16(0);
  float16x8_t c00 = zero, c01 = zero, c10 = zero, c11 = zero, c20 = zero, c21 = zero;
  float16x8_t c30 = zero, c31 = zero, c40 = zero, c41 = zero, c50 = zero, c51 = zero;
  float16x8_t c60 = zero, c61 = zero, c70 = zero, c71 = zero;
  for (int p = 0; p < k; ++p, a += kMr, b += kNr) {
    const float16x8_t va = vld1q_f16(a);
    const float16x8_t b0 = vld1q_f16(b);
    const float16x8_t b1 = vld1q_f16(b + 8);
    c00 = vfmaq_laneq_f16(c00, b0, va, 0);
    c01 = vfmaq_laneq_f16(c01, b1, va, 0);
    c10 = vfmaq_laneq_f16(c10, b0, va, 1);
    c11 = vfmaq_laneq_f16(c11, b1, va, 1);
    c20 = vfmaq_laneq_f16(c20, b0, va, 2);
    c21 = vfmaq_laneq_f16(c21, b1, va, 2);
    c30 = vfmaq_laneq_f16(c30, b0, va, 3);
    c31 = vfmaq_laneq_f16(c31, b1, va, 3);
    c40 = vfmaq_laneq_f16(c40, b0, va, 4);
    c41 = vfmaq_laneq_f16(c41, b1, va, 4);
    c50 = vfmaq_laneq_f16(c50, b0, va, 5);
    c51 = vfmaq_laneq_f16(c51, b1, va, 5);
    c60 = vfmaq_laneq_f16(c60, b0, va, 6);
    c61 = vfmaq_laneq_f16(c61, b1, va, 6);
    c70 = vfmaq_laneq_f16(c70, b0, va, 7);
    c71 = vfmaq_laneq_f16(c71, b1, va, 7);
  }
  acc[0] = c00, acc[1] = c01, acc[2] = c10, acc[3] = c11, acc[4] = c20, acc[5] = c21;
  acc[6] = c30, acc[7] = c31, acc[8] = c40, acc[9] = c41, acc[10] = c50, acc[11] = c51;
  acc[12] = c60, acc[13] = c61, acc[14] = c70, acc[15] = c71;
}

// The epilogue: rows < rows, columns < cols of the tile at c, plus bias, activated.
void StoreTile(const float16x8_t* acc, int rows, int cols, const float16_t* bias,
               const ActFp16& act_regs, const Activation& act, float16_t* c, int ldc) {
  for (int r = 0; r < rows; ++r) {
    const float16x8_t b = vdupq_n_f16(bias ? bias[r] : static_cast<float16_t>(0));
    const float16x8_t v0 = ApplyActFp16(vaddq_f16(acc[2 * r], b), act_regs);
    const float16x8_t v1 = ApplyActFp16(vaddq_f16(acc[2 * r + 1], b), act_regs);
    float16_t* row = c + static_cast<long long>(r) * ldc;
    if (cols == kNr) {
      vst1q_f16(row, v0);
      vst1q_f16(row + 8, v1);
    } else {
      float16_t lanes[kNr];
      vst1q_f16(lanes, v0);
      vst1q_f16(lanes + 8, v1);
      for (int j = 0; j < cols; ++j) row[j] = lanes[j];
    }
    if (!InFp16Registers(act.kind)) {
      ActivateFp16(reinterpret_cast<const float16*>(row), reinterpret_cast<float16*>(row), cols,
                   act);
    }
  }
}

int Min(int a, int b) { return a < b ? a : b; }
int Max(int a, int b) { return a > b ? a : b; }

}  // namespace

long long PackedAFp16Size(int m, int k) {
  return static_cast<long long>((m + kMr - 1) / kMr) * kMr * k;
}

void PackAFp16(int m, int k, const float* a, int lda, float16* packed) {
  auto* dst = reinterpret_cast<float16_t*>(packed);
  for (int r0 = 0; r0 < m; r0 += kMr) {
    for (int p = 0; p < k; ++p) {
      for (int r = 0; r < kMr; ++r) {
        *dst++ = r0 + r < m ? static_cast<float16_t>(a[static_cast<long long>(r0 + r) * lda + p])
                            : static_cast<float16_t>(0);
      }
    }
  }
}

long long PackedBFp16Size(int k, int n) {
  return static_cast<long long>((n + kNr - 1) / kNr) * kNr * k;
}

void PackBFp16(int k, int n, const float16* b, int ldb, float16* packed) {
  const auto* src = reinterpret_cast<const float16_t*>(b);
  auto* dst = reinterpret_cast<float16_t*>(packed);
  for (int j0 = 0; j0 < n; j0 += kNr) {
    const int cols = Min(kNr, n - j0);
    for (int p = 0; p < k; ++p, dst += kNr) {
      const float16_t* row = src + static_cast<long long>(p) * ldb + j0;
      if (cols == kNr) {
        vst1q_f16(dst, vld1q_f16(row));
        vst1q_f16(dst + 8, vld1q_f16(row + 8));
      } else {
        for (int j = 0; j < kNr; ++j) dst[j] = j < cols ? row[j] : static_cast<float16_t>(0);
      }
    }
  }
}

void GemmPackedFp16(int m, int n, int k, const float16* packed_a, const float16* packed_b,
                    const float16* bias, const Activation& act, float16* c, int ldc) {
  const auto* a = reinterpret_cast<const float16_t*>(packed_a);
  const auto* b = reinterpret_cast<const float16_t*>(packed_b);
  const auto* bias_h = reinterpret_cast<const float16_t*>(bias);
  auto* out = reinterpret_cast<float16_t*>(c);
  const ActFp16 act_regs = MakeActFp16(act);
  const int row_panels = (m + kMr - 1) / kMr;
  const int col_panels = (n + kNr - 1) / kNr;
  // A block of row panels (about 64 KB of A) stays in cache while every B panel passes it.
  const int block = k > 0 ? Max(1, 32 * 1024 / (kMr * k)) : row_panels;
  float16x8_t acc[2 * kMr];
  for (int pm0 = 0; pm0 < row_panels; pm0 += block) {
    const int pm1 = Min(row_panels, pm0 + block);
    for (int pn = 0; pn < col_panels; ++pn) {
      const float16_t* b_panel = b + static_cast<long long>(pn) * kNr * k;
      for (int pm = pm0; pm < pm1; ++pm) {
        MultiplyTile(k, a + static_cast<long long>(pm) * kMr * k, b_panel, acc);
        StoreTile(acc, Min(kMr, m - pm * kMr), Min(kNr, n - pn * kNr),
                  bias_h ? bias_h + pm * kMr : nullptr, act_regs, act,
                  out + static_cast<long long>(pm) * kMr * ldc + pn * kNr, ldc);
      }
    }
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
