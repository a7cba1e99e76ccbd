// The armv8.0 int8 tile: 8 rows x 8 columns, as two halves of 4 rows (16 accumulators
// each). Two quads of K a step: smull / smull2 multiply 2 columns x 4 bytes of B by one
// row's 4 bytes (duplicated), smlal / smlal2 add the next quad's products (two products
// of |a| <= 127, |b| <= 128 stay below 2^15), sadalp widens the pairs into int32 lanes
// [col k01, col k23, col+1 k01, col+1 k23]; addp folds them into columns at the end.
#include <arm_neon.h>

#include "lite/backends/arm/math/gemm_int8/igemm_kernel.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {
namespace igemm_internal {

namespace {

// One row's 4 bytes of a quad in every 32-bit lane (one ld1r; the A panel is only read
// here, so the int32 view aliases nothing written).
int8x16_t DupRow(const int8_t* a) {
  return vreinterpretq_s8_s32(vld1q_dup_s32(reinterpret_cast<const int32_t*>(a)));
}

// One row's 4 accumulators: [col k01, col k23, col+1 k01, col+1 k23] for columns
// (0, 1), (2, 3), (4, 5), (6, 7). Named members, not an array, so the compiler keeps all
// 16 of a half tile in registers.
struct RowSums {
  int32x4_t c0 = vdupq_n_s32(0), c1 = vdupq_n_s32(0), c2 = vdupq_n_s32(0),
            c3 = vdupq_n_s32(0);
};

// Two quads of K for one row: B's quad q in b0 (columns 0-3) and b1 (4-7), quad q + 1 in
// b2 and b3; the row's bytes of the two quads at a and a + kQuadA. The high halves go
// through smull2 / smlal2 directly, so no lane moves.
inline void TwoQuads(const int8_t* a, int quad_a, int8x16_t b0, int8x16_t b1, int8x16_t b2,
                     int8x16_t b3, RowSums* s) {
  const int8x16_t x = DupRow(a), y = DupRow(a + quad_a);
  const int8x8_t xl = vget_low_s8(x), yl = vget_low_s8(y);
  s->c0 = vpadalq_s16(s->c0, vmlal_s8(vmull_s8(vget_low_s8(b0), xl), vget_low_s8(b2), yl));
  s->c1 = vpadalq_s16(s->c1, vmlal_high_s8(vmull_high_s8(b0, x), b2, y));
  s->c2 = vpadalq_s16(s->c2, vmlal_s8(vmull_s8(vget_low_s8(b1), xl), vget_low_s8(b3), yl));
  s->c3 = vpadalq_s16(s->c3, vmlal_high_s8(vmull_high_s8(b1, x), b3, y));
}

inline void OneQuad(const int8_t* a, int8x16_t b0, int8x16_t b1, RowSums* s) {
  const int8x16_t x = DupRow(a);
  s->c0 = vpadalq_s16(s->c0, vmull_s8(vget_low_s8(b0), vget_low_s8(x)));
  s->c1 = vpadalq_s16(s->c1, vmull_high_s8(b0, x));
  s->c2 = vpadalq_s16(s->c2, vmull_s8(vget_low_s8(b1), vget_low_s8(x)));
  s->c3 = vpadalq_s16(s->c3, vmull_high_s8(b1, x));
}

inline void Store(const RowSums& s, int32_t* row) {
  vst1q_s32(row, vpaddq_s32(s.c0, s.c1));
  vst1q_s32(row + 4, vpaddq_s32(s.c2, s.c3));
}

// Rows [4h, 4h + 4) of the tile: 16 accumulators, 4 B and 2 A registers.
void HalfTile(int quads, const int8_t* a, const int8_t* b, int32_t* acc, long ldacc) {
  constexpr int kQuadA = kMR * 4, kQuadB = kNRNeon * 4;
  RowSums r0, r1, r2, r3;
  int q = 0;
  for (; q + 2 <= quads; q += 2, a += 2 * kQuadA, b += 2 * kQuadB) {
    const int8x16_t b0 = vld1q_s8(b), b1 = vld1q_s8(b + 16);
    const int8x16_t b2 = vld1q_s8(b + kQuadB), b3 = vld1q_s8(b + kQuadB + 16);
    TwoQuads(a, kQuadA, b0, b1, b2, b3, &r0);
    TwoQuads(a + 4, kQuadA, b0, b1, b2, b3, &r1);
    TwoQuads(a + 8, kQuadA, b0, b1, b2, b3, &r2);
    TwoQuads(a + 12, kQuadA, b0, b1, b2, b3, &r3);
  }
  if (q < quads) {
    const int8x16_t b0 = vld1q_s8(b), b1 = vld1q_s8(b + 16);
    OneQuad(a, b0, b1, &r0);
    OneQuad(a + 4, b0, b1, &r1);
    OneQuad(a + 8, b0, b1, &r2);
    OneQuad(a + 12, b0, b1, &r3);
  }
  Store(r0, acc);
  Store(r1, acc + ldacc);
  Store(r2, acc + 2 * ldacc);
  Store(r3, acc + 3 * ldacc);
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
