// The 8 x 12 NEON micro-kernel, with bias and a clamp activation (relu, relu6) fused in its
// store; the other kinds run over the stored tile, still in L1, with the kind chosen once.
#include <arm_neon.h>

#include "lite/backends/arm/math/gemm/sgemm_kernel.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {
namespace sgemm_internal {

namespace {

#include "lite/backends/arm/math/vec_neon.inc"
#include "lite/backends/simd/activation_vec.inc"

using Act = VectorActivation<VecNeon>;

// Stores act(acc + beta * c + bias[r]) over 4 (or the first `cols`) floats of C.
struct TileStore {
  float beta;
  float32x4_t vbeta;
  const float* bias;
  Act::Clamp clamp;
  bool activate;  // relu or relu6 (none and the other kinds store acc + bias)

  __attribute__((always_inline)) float32x4_t Finish(float32x4_t acc, float32x4_t old,
                                                    int r) const {
    if (beta != 0.f) acc = vfmaq_f32(acc, vbeta, old);
    if (bias) acc = vaddq_f32(acc, vdupq_n_f32(bias[r]));
    return activate ? clamp(acc) : acc;
  }
  __attribute__((always_inline)) void Full(float* p, float32x4_t acc, int r) const {
    vst1q_f32(p, Finish(acc, beta != 0.f ? vld1q_f32(p) : acc, r));
  }
  void Partial(float* p, float32x4_t acc, int r, int cols) const {
    const float32x4_t old = beta != 0.f ? VecNeon::LoadFirst(p, cols) : acc;
    VecNeon::StoreFirst(p, Finish(acc, old, r), cols);
  }
};

}  // namespace

void MicroKernel(int kc, const float* a, const float* b, float* c, long ldc, float beta,
                 const TileEpilogue& ep, int mr, int nr) {
  const float32x4_t zero = vdupq_n_f32(0.f);
  float32x4_t c00 = zero, c01 = zero, c02 = zero, c10 = zero, c11 = zero, c12 = zero;
  float32x4_t c20 = zero, c21 = zero, c22 = zero, c30 = zero, c31 = zero, c32 = zero;
  float32x4_t c40 = zero, c41 = zero, c42 = zero, c50 = zero, c51 = zero, c52 = zero;
  float32x4_t c60 = zero, c61 = zero, c62 = zero, c70 = zero, c71 = zero, c72 = zero;

#define PLITE_SGEMM_ROW(R, AV, LANE)                  \
  c##R##0 = vfmaq_laneq_f32(c##R##0, b0, AV, LANE); \
  c##R##1 = vfmaq_laneq_f32(c##R##1, b1, AV, LANE); \
  c##R##2 = vfmaq_laneq_f32(c##R##2, b2, AV, LANE)

  for (int p = 0; p < kc; ++p) {
    // Packed A is one sequential stream from L2: ask for it 256 bytes ahead.
    __builtin_prefetch(a + 64);
    const float32x4_t a0 = vld1q_f32(a), a1 = vld1q_f32(a + 4);
    const float32x4_t b0 = vld1q_f32(b), b1 = vld1q_f32(b + 4), b2 = vld1q_f32(b + 8);
    PLITE_SGEMM_ROW(0, a0, 0);
    PLITE_SGEMM_ROW(1, a0, 1);
    PLITE_SGEMM_ROW(2, a0, 2);
    PLITE_SGEMM_ROW(3, a0, 3);
    PLITE_SGEMM_ROW(4, a1, 0);
    PLITE_SGEMM_ROW(5, a1, 1);
    PLITE_SGEMM_ROW(6, a1, 2);
    PLITE_SGEMM_ROW(7, a1, 3);
    a += kMR;
    b += kNR;
  }
#undef PLITE_SGEMM_ROW

  const Act act(*ep.act);
  const TileStore store{beta, vdupq_n_f32(beta), ep.bias, act.ClampOnly(),
                        act.clamps && ep.act->kind != ActivationType::kNone};
  if (mr == kMR && nr == kNR) {
#define PLITE_SGEMM_STORE(R)                          \
  store.Full(c + (R) * ldc, c##R##0, R);              \
  store.Full(c + (R) * ldc + 4, c##R##1, R);          \
  store.Full(c + (R) * ldc + 8, c##R##2, R)
    PLITE_SGEMM_STORE(0);
    PLITE_SGEMM_STORE(1);
    PLITE_SGEMM_STORE(2);
    PLITE_SGEMM_STORE(3);
    PLITE_SGEMM_STORE(4);
    PLITE_SGEMM_STORE(5);
    PLITE_SGEMM_STORE(6);
    PLITE_SGEMM_STORE(7);
#undef PLITE_SGEMM_STORE
  } else {
    // Edge tile: only rows < mr and columns < nr of C.
    const float32x4_t acc[kMR][3] = {{c00, c01, c02}, {c10, c11, c12}, {c20, c21, c22},
                                     {c30, c31, c32}, {c40, c41, c42}, {c50, c51, c52},
                                     {c60, c61, c62}, {c70, c71, c72}};
    for (int r = 0; r < mr; ++r) {
      float* row = c + r * ldc;
      for (int v = 0; v < 3 && 4 * v < nr; ++v) {
        const int cols = nr - 4 * v;
        if (cols >= 4) {
          store.Full(row + 4 * v, acc[r][v], r);
        } else {
          store.Partial(row + 4 * v, acc[r][v], r, cols);
        }
      }
    }
  }
  if (!act.clamps) ActivateRows<VecNeon>(c, ldc, mr, nr, *ep.act);
}

}  // namespace sgemm_internal
}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
