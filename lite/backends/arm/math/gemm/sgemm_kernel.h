// Internal to sgemm.cc: the register tile and its micro-kernel (sgemm_kernel_neon.cc).
#pragma once

#include "lite/utils/activation.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {
namespace sgemm_internal {

// 8 x 12 register tile: 8 rows x 3 q registers = 24 accumulators, plus 2 registers of A
// and 3 of B per k step: 29 of the 32 NEON registers.
constexpr int kMR = 8;
constexpr int kNR = 12;

// What the kernel applies when it stores C: c = act(acc + beta * c + bias[row]).
struct TileEpilogue {
  const float* bias;      // one per tile row, or nullptr
  const Activation* act;  // never null (the identity for none)
};

// a: a packed A panel (kc steps of kMR floats), b: a packed B panel (kc steps of kNR
// floats), both zero past the valid rows / columns.
//   acc[r][j] = sum_{p < kc} a[p * kMR + r] * b[p * kNR + j]
//   c[r * ldc + j] = act(acc[r][j] + beta * c[r * ldc + j] + bias[r])  for r < mr, j < nr
// (1 <= mr <= kMR, 1 <= nr <= kNR); nothing outside the mr x nr tile is read or written,
// and beta == 0 does not read c.
void MicroKernel(int kc, const float* a, const float* b, float* c, long ldc, float beta,
                 const TileEpilogue& ep, int mr, int nr);

}  // namespace sgemm_internal
}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
