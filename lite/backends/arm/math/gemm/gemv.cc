#include "lite/backends/arm/math/gemm/gemv.h"

#include <arm_neon.h>

#include <algorithm>
#include <cstdint>

#include "lite/utils/check.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

#include "lite/backends/arm/math/vec_neon.inc"
#include "lite/backends/simd/activation_vec.inc"

using Act = VectorActivation<VecNeon>;

// Columns per block: 4 rows x 4 vectors = 16 accumulators and 4 vectors of W in registers.
constexpr int kBlockVecs = 4;
constexpr int kBlockCols = kBlockVecs * VecNeon::kW;

// Y[r][0..cols) for r < kRows, cols = kVecs * 4 (kMasked: kVecs == 1, cols < 4, so W, bias
// and Y are touched only in their first cols columns).
template <int kRows, int kVecs, bool kMasked>
__attribute__((always_inline)) inline void GemvBlock(int cols, int k, const float* x, long ldx,
                                                     const float* w, long ldw, float* y,
                                                     long ldy, const float* bias,
                                                     const Act& act) {
  float32x4_t acc[kRows][kVecs];
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r) {
#pragma GCC unroll 4
    for (int v = 0; v < kVecs; ++v) acc[r][v] = vdupq_n_f32(0.f);
  }
  for (int p = 0; p < k; ++p) {
    const float* w_row = w + p * ldw;
    float32x4_t wv[kVecs];
#pragma GCC unroll 4
    for (int v = 0; v < kVecs; ++v) {
      wv[v] = kMasked ? VecNeon::LoadFirst(w_row, cols) : vld1q_f32(w_row + 4 * v);
    }
#pragma GCC unroll 4
    for (int r = 0; r < kRows; ++r) {
      const float xv = x[r * ldx + p];
#pragma GCC unroll 4
      for (int v = 0; v < kVecs; ++v) acc[r][v] = vfmaq_n_f32(acc[r][v], wv[v], xv);
    }
  }
#pragma GCC unroll 4
  for (int r = 0; r < kRows; ++r) {
#pragma GCC unroll 4
    for (int v = 0; v < kVecs; ++v) {
      float32x4_t out = acc[r][v];
      if (bias) {
        out = vaddq_f32(out, kMasked ? VecNeon::LoadFirst(bias, cols) : vld1q_f32(bias + 4 * v));
      }
      out = act(out);
      if (kMasked) {
        VecNeon::StoreFirst(y + r * ldy, out, cols);
      } else {
        vst1q_f32(y + r * ldy + 4 * v, out);
      }
    }
  }
}

// Rows r < kRows of Y, columns [0, n).
template <int kRows>
void GemvRows(int n, int k, const float* x, long ldx, const float* w, long ldw, float* y,
              long ldy, const float* bias, const Act& act) {
  int j = 0;
  for (; j + kBlockCols <= n; j += kBlockCols) {
    GemvBlock<kRows, kBlockVecs, false>(kBlockCols, k, x, ldx, w + j, ldw, y + j, ldy,
                                        bias ? bias + j : nullptr, act);
  }
  for (; j + 4 <= n; j += 4) {
    GemvBlock<kRows, 1, false>(4, k, x, ldx, w + j, ldw, y + j, ldy, bias ? bias + j : nullptr,
                               act);
  }
  if (j < n) {
    GemvBlock<kRows, 1, true>(n - j, k, x, ldx, w + j, ldw, y + j, ldy,
                              bias ? bias + j : nullptr, act);
  }
}

void GemvGroup(int rows, int n, int k, const float* x, long ldx, const float* w, long ldw,
               float* y, long ldy, const float* bias, const Act& act) {
  switch (rows) {
    case 1:
      return GemvRows<1>(n, k, x, ldx, w, ldw, y, ldy, bias, act);
    case 2:
      return GemvRows<2>(n, k, x, ldx, w, ldw, y, ldy, bias, act);
    case 3:
      return GemvRows<3>(n, k, x, ldx, w, ldw, y, ldy, bias, act);
    default:
      return GemvRows<4>(n, k, x, ldx, w, ldw, y, ldy, bias, act);
  }
}

}  // namespace

void Gemv(int m, int n, int k, const float* x, int ldx, const float* w, int ldw, float* y,
          int ldy, const GemmEpilogue& epilogue, const SgemmOptions& options) {
  PLITE_CHECK(m >= 0 && n >= 0 && k >= 0, "Gemv: negative size m=", m, " n=", n, " k=", k);
  PLITE_CHECK(ldx >= std::max(k, 1), "Gemv: ldx=", ldx, " is smaller than k=", k);
  PLITE_CHECK(ldw >= std::max(n, 1), "Gemv: ldw=", ldw, " is smaller than n=", n);
  PLITE_CHECK(ldy >= std::max(n, 1), "Gemv: ldy=", ldy, " is smaller than n=", n);
  PLITE_CHECK(options.threads >= 1, "Gemv: threads=", options.threads, " must be >= 1");
  PLITE_CHECK(ActivationSupported(epilogue.act.kind), "Gemv: activation ",
              lite_api::ActivationTypeToStr(epilogue.act.kind), " (",
              static_cast<int>(epilogue.act.kind), ") is not supported");
  if (m == 0 || n == 0) return;
  PLITE_CHECK(y, "Gemv: null Y");
  PLITE_CHECK(k == 0 || (x && w), "Gemv: null X or W");
  const Act act(epilogue.act);

  // Column strips of whole blocks, one per thread.
  const int max_parts = (n + kBlockCols - 1) / kBlockCols;
  const int parts = options.parallel_for ? std::min(options.threads, max_parts) : 1;
  const int chunk = ((n + parts - 1) / parts + kBlockCols - 1) / kBlockCols * kBlockCols;
  auto run_part = [&](int t) {
    const int j0 = t * chunk, j1 = std::min(n, j0 + chunk);
    if (j0 >= j1) return;
    for (int i = 0; i < m; i += kGemvRows) {
      GemvGroup(std::min(kGemvRows, m - i), j1 - j0, k, x + static_cast<int64_t>(i) * ldx, ldx,
                w + j0, ldw, y + static_cast<int64_t>(i) * ldy + j0, ldy,
                epilogue.bias ? epilogue.bias + j0 : nullptr, act);
    }
  };
  if (parts <= 1) {
    run_part(0);
  } else {
    options.parallel_for(parts, run_part);
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
