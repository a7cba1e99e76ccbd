// The armv8.0 int8 tile: 8 rows x 8 columns, as two halves of 4 rows (16 accumulators
// each). Two quads of K a step: smull multiplies 2 columns x 4 bytes of B by one row's 4
// bytes (duplicated), smlal adds the next quad's products (two products of |a| <= 127,
// |b| <= 128 stay below 2^15), sadalp widens the pairs into int32 lanes
// [col k01, col k23, col+1 k01, col+1 k23]; addp folds them into columns at the end.
#include <arm_neon.h>

#include <cstring>

#include "lite/backends/arm/math/gemm_int8/igemm_kernel.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {
namespace igemm_internal {

namespace {

int8x8_t DupRow(const int8_t* a) {
  int32_t word;
  std::memcpy(&word, a, 4);
  return vreinterpret_s8_s32(vdup_n_s32(word));
}

// Rows [4h, 4h + 4) of the tile.
void HalfTile(int quads, const int8_t* a, const int8_t* b, int32_t* acc, long ldacc) {
  constexpr int kQuadA = kMR * 4, kQuadB = kNRNeon * 4;
  int32x4_t c[4][4];
  for (int r = 0; r < 4; ++r) c[r][0] = c[r][1] = c[r][2] = c[r][3] = vdupq_n_s32(0);
  int q = 0;
  for (; q + 2 <= quads; q += 2, a += 2 * kQuadA, b += 2 * kQuadB) {
    const int8x16_t b0 = vld1q_s8(b), b1 = vld1q_s8(b + 16);
    const int8x16_t b2 = vld1q_s8(b + kQuadB), b3 = vld1q_s8(b + kQuadB + 16);
    for (int r = 0; r < 4; ++r) {
      const int8x8_t x = DupRow(a + r * 4), y = DupRow(a + kQuadA + r * 4);
      c[r][0] = vpadalq_s16(c[r][0], vmlal_s8(vmull_s8(vget_low_s8(b0), x), vget_low_s8(b2), y));
      c[r][1] =
          vpadalq_s16(c[r][1], vmlal_s8(vmull_s8(vget_high_s8(b0), x), vget_high_s8(b2), y));
      c[r][2] = vpadalq_s16(c[r][2], vmlal_s8(vmull_s8(vget_low_s8(b1), x), vget_low_s8(b3), y));
      c[r][3] =
          vpadalq_s16(c[r][3], vmlal_s8(vmull_s8(vget_high_s8(b1), x), vget_high_s8(b3), y));
    }
  }
  if (q < quads) {
    const int8x16_t b0 = vld1q_s8(b), b1 = vld1q_s8(b + 16);
    for (int r = 0; r < 4; ++r) {
      const int8x8_t x = DupRow(a + r * 4);
      c[r][0] = vpadalq_s16(c[r][0], vmull_s8(vget_low_s8(b0), x));
      c[r][1] = vpadalq_s16(c[r][1], vmull_s8(vget_high_s8(b0), x));
      c[r][2] = vpadalq_s16(c[r][2], vmull_s8(vget_low_s8(b1), x));
      c[r][3] = vpadalq_s16(c[r][3], vmull_s8(vget_high_s8(b1), x));
    }
  }
  for (int r = 0; r < 4; ++r) {
    vst1q_s32(acc + r * ldacc, vpaddq_s32(c[r][0], c[r][1]));
    vst1q_s32(acc + r * ldacc + 4, vpaddq_s32(c[r][2], c[r][3]));
  }
}

}  // namespace

void MicroKernelNeon(int quads, const int8_t* a, const uint8_t* b_bytes, int32_t* acc,
                     long ldacc) {
  const int8_t* b = reinterpret_cast<const int8_t*>(b_bytes);
  HalfTile(quads, a, b, acc, ldacc);
  HalfTile(quads, a + 16, b, acc + 4 * ldacc, ldacc);
}

}  // namespace igemm_internal
}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
