// The sdot tile (built with -march=armv8.2-a+dotprod, run only where the CPU has it):
// 8 rows x 12 columns, 24 int32x4 accumulators; per quad of K three B loads, two A loads
// and 24 sdot, each lane of A (one row's 4 bytes) against 4 columns of B.
#include <arm_neon.h>

#include "lite/backends/arm/math/gemm_int8/igemm_kernel.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {
namespace igemm_internal {

// Row r's accumulators += its 4 bytes (lane l of a) times the 12 columns.
#define PLITE_SDOT_ROW(r, a, l)                       \
  c[r][0] = vdotq_laneq_s32(c[r][0], b0, a, l);       \
  c[r][1] = vdotq_laneq_s32(c[r][1], b1, a, l);       \
  c[r][2] = vdotq_laneq_s32(c[r][2], b2, a, l)

void MicroKernelDotProd(int quads, const int8_t* a, const uint8_t* b_bytes, int32_t* acc,
                        long ldacc) {
  const int8_t* b = reinterpret_cast<const int8_t*>(b_bytes);
  int32x4_t c[kMR][3];
  for (int r = 0; r < kMR; ++r) c[r][0] = c[r][1] = c[r][2] = vdupq_n_s32(0);
  for (int q = 0; q < quads; ++q, a += kMR * 4, b += kNRDotProd * 4) {
    const int8x16_t b0 = vld1q_s8(b), b1 = vld1q_s8(b + 16), b2 = vld1q_s8(b + 32);
    const int8x16_t a0 = vld1q_s8(a), a1 = vld1q_s8(a + 16);
    PLITE_SDOT_ROW(0, a0, 0);
    PLITE_SDOT_ROW(1, a0, 1);
    PLITE_SDOT_ROW(2, a0, 2);
    PLITE_SDOT_ROW(3, a0, 3);
    PLITE_SDOT_ROW(4, a1, 0);
    PLITE_SDOT_ROW(5, a1, 1);
    PLITE_SDOT_ROW(6, a1, 2);
    PLITE_SDOT_ROW(7, a1, 3);
  }
  for (int r = 0; r < kMR; ++r) {
    vst1q_s32(acc + r * ldacc, c[r][0]);
    vst1q_s32(acc + r * ldacc + 4, c[r][1]);
    vst1q_s32(acc + r * ldacc + 8, c[r][2]);
  }
}

#undef PLITE_SDOT_ROW

}  // namespace igemm_internal
}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
