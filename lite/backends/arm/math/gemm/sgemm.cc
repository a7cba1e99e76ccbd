#include "lite/backends/arm/math/gemm/sgemm.h"

#include "lite/backends/arm/math/gemm/sgemm_kernel.h"
#include "lite/backends/simd/sgemm_driver.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

// The NEON 8 x 12 tile as the shared driver (lite/backends/simd/sgemm_driver.h) calls it:
// directly, on B always packed (the kernel reads whole zero-padded vectors of B and handles
// edge tiles itself).
struct NeonKernel {
  // Cache blocking: a KC x NR panel of packed B (12 KB) in L1, the MC x KC block of packed
  // A (128 KB) in L2; the KC x NC block of packed B is read once per MC block.
  static constexpr int kMR = sgemm_internal::kMR;
  static constexpr int kKC = 256;
  static constexpr int kMC = 128;   // multiple of kMR
  static constexpr int kNC = 1536;  // multiple of kNR
  using TileEpilogue = sgemm_internal::TileEpilogue;

  static NeonKernel For(const SgemmOptions&) { return {}; }
  static constexpr int nr() { return sgemm_internal::kNR; }
  static constexpr bool ReadsBInPlace(int, int, int, int) { return false; }
  static constexpr bool MaskedEdge() { return false; }
  static constexpr int SideColumns(int, bool, int) { return 0; }
  static void RunSideColumns(int, const float*, const float*, long, float*, long, float,
                             const TileEpilogue&, int, int) {}
  static void Tile(int kc, const float* a, const float* b, long /*b_stride: kNR*/, float* c,
                   long ldc, float beta, const TileEpilogue& ep, int mr, int nr) {
    sgemm_internal::MicroKernel(kc, a, b, c, ldc, beta, ep, mr, nr);
  }
};

using Driver = simd::BlockedSgemm<NeonKernel>;

}  // namespace

#include "lite/backends/simd/sgemm_entry_points.inc"

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
