#include "lite/backends/x86/math/gemm/sgemm.h"

#include <cstdint>

#include "lite/backends/simd/sgemm_driver.h"
#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/sgemm_kernel.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/check.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

using sgemm_internal::kMR;
using sgemm_internal::kNR;
using sgemm_internal::EdgeKernel;
using sgemm_internal::MicroKernel;
using sgemm_internal::TileEpilogue;

namespace {

using ColumnTailKernel = void (*)(int kc, const float* a, const float* b, long ldb, float* c,
                                  long ldc, float beta, const TileEpilogue* ep, int mr,
                                  int cols);

// With 64-byte vectors, B rows that are not 64 bytes apart make 3 of 4 rows' loads straddle
// two cache lines (N = 196: rows 784 bytes apart). Packing B aligns them; it pays once enough
// rows of A share each packed panel and K fills a KC block (in MobileNetV1 / SqueezeNet
// 512 x 512 x 196, 1000 x 512 x 196: 3-4% faster; but 64 x 512 x 196 14% slower, and
// 384 x 64 x 196, 576 x 96 x 196 2-4% slower). N = 32 q + 16..19 keeps the wide tile, which
// reads B in place.
constexpr int kPackMisalignedRows = 384;
constexpr int kPackMisalignedDepth = 256;

// The kernels of one ISA, as the shared driver (lite/backends/simd/sgemm_driver.h) calls
// them: picked once per call (For), each tile through its pointer. `edge` (masked,
// any mr x nr) replaces the scratch-tile path; without it, edge tiles at most nr / 2 wide
// use `narrow` and wider ones `full`. `column_tail` (optional) takes the last few columns
// when N is 1..3 past a multiple of 16, `wide_tile` (optional) the last 48 + 0..3 columns.
struct Kernels {
  // Cache blocking: a 16 KB B micro-panel (KC x 16) in L1, 144 KB of packed A per MC block,
  // 3 MB of packed B per KC x NC block.
  static constexpr int kMR = sgemm_internal::kMR;
  static constexpr int kKC = 256;
  static constexpr int kMC = 144;   // multiple of kMR
  static constexpr int kNC = 3072;  // multiple of every NR
  using TileEpilogue = sgemm_internal::TileEpilogue;

  int panel_cols;
  MicroKernel full;
  MicroKernel narrow;
  EdgeKernel edge;
  ColumnTailKernel column_tail;
  ColumnTailKernel wide_tile;  // 48 + cols columns, B in place

  static Kernels For(const SgemmOptions& options);
  int nr() const { return panel_cols; }

  // The micro-kernel may read B in place (full NR-wide tiles; the ragged last panel is
  // still packed, zero-padded, unless the ISA has a masked edge kernel), which saves the
  // packing pass. Measured on MobileNetV2's pointwise convolutions this is as fast or faster
  // at every M; but when rows of B are a multiple of 4 KB apart, the kc rows of a B strip
  // fall into the same few cache sets and evict each other, and packing wins (1024 x 1024:
  // 117 vs 71 GFLOP/s with AVX2). Misaligned rows with 64-byte vectors: above.
  bool ReadsBInPlace(int ldb, int k, int rows, int cols) const {
    if (ldb % 1024 == 0) return false;
    const int rem = cols % panel_cols;
    const bool pack_misaligned = panel_cols == sgemm_internal::kNR512 && ldb % 16 != 0 &&
                                 rows >= kPackMisalignedRows && k >= kPackMisalignedDepth &&
                                 !(wide_tile && rem >= 16 && rem <= 19);
    return !pack_misaligned;
  }

  bool MaskedEdge() const { return edge != nullptr; }

  // The last 48..51 columns (nc = 32 q + 16..19, e.g. 49) as one wide tile when B is read
  // in place; else the last 1..3 past a multiple of 16 as a column tail (its gather offsets
  // are 32-bit, hence the ldc limit).
  int SideColumns(int nc, bool b_in_place, int ldc) const {
    if (column_tail == nullptr || ldc > (1 << 27)) return 0;
    const int rem = nc % panel_cols;
    if (b_in_place && wide_tile && nc - rem >= panel_cols && rem >= 16 &&
        rem - 16 <= sgemm_internal::kMaxColumnTail) {
      return sgemm_internal::kWideTileCols + rem - 16;
    }
    return nc > 16 && nc % 16 <= sgemm_internal::kMaxColumnTail ? nc % 16 : 0;
  }

  void RunSideColumns(int kc, const float* a, const float* b, long ldb, float* c, long ldc,
                      float beta, const TileEpilogue& ep, int mr, int cols) const {
    if (cols >= sgemm_internal::kWideTileCols) {
      wide_tile(kc, a, b, ldb, c, ldc, beta, &ep, mr, cols - sgemm_internal::kWideTileCols);
    } else {
      column_tail(kc, a, b, ldb, c, ldc, beta, &ep, mr, cols);
    }
  }

  void Tile(int kc, const float* a, const float* b, long b_stride, float* c, long ldc,
            float beta, const TileEpilogue& ep, int mr, int nr) const {
    if (mr == kMR && nr == panel_cols) {
      full(kc, a, b, b_stride, c, ldc, beta, &ep);
      return;
    }
    if (edge) {
      edge(kc, a, b, b_stride, c, ldc, beta, &ep, mr, nr);
      return;
    }
    // Edge tile: full tile into scratch, then only the valid part into C.
    static constexpr Activation kNoActivation{};
    const TileEpilogue none{nullptr, &kNoActivation};
    alignas(64) float tile[kMR * kNR];
    const MicroKernel kernel = nr <= panel_cols / 2 ? narrow : full;
    kernel(kc, a, b, b_stride, tile, kNR, 0.f, &none);
    for (int r = 0; r < mr; ++r) {
      float* c_row = c + static_cast<int64_t>(r) * ldc;
      const float* t_row = tile + r * kNR;
      const float bias_r = ep.bias ? ep.bias[r] : 0.f;
      if (beta != 0.f) {
        for (int j = 0; j < nr; ++j) c_row[j] = t_row[j] + beta * c_row[j] + bias_r;
      } else {
        for (int j = 0; j < nr; ++j) c_row[j] = t_row[j] + bias_r;
      }
      if (ep.act->kind != ActivationType::kNone) {
        for (int j = 0; j < nr; ++j) c_row[j] = ApplyActivation(c_row[j], *ep.act);
      }
    }
  }
};

using Driver = simd::BlockedSgemm<Kernels>;

Kernels Kernels::For(const SgemmOptions& options) {
  using namespace sgemm_internal;  // NOLINT
  const Kernels avx2{kNR, MicroKernelAvx2, MicroKernelAvx2Narrow, nullptr, nullptr, nullptr};
  Kernels avx512 = avx2;  // unused where the build has no AVX-512 code (CpuHasAvx512f false)
  if constexpr (kWithAvx512) {
    avx512 = {kNR512,           MicroKernelAvx512, nullptr,
              EdgeKernelAvx512, ColumnTailAvx512,  WideTileAvx512};
  }
  const Kernels scalar{kNR, MicroKernelScalar, MicroKernelScalar, nullptr, nullptr, nullptr};
  switch (options.isa) {
    case SgemmIsa::kAuto:
      return CpuHasAvx512f() ? avx512 : CpuHasAvx2Fma() ? avx2 : scalar;
    case SgemmIsa::kAvx512:
      PLITE_CHECK(CpuHasAvx512f(),
                  "sgemm: SgemmIsa::kAvx512 requested but this CPU lacks AVX-512F (or the build ",
                  "leaves it out: LITE_X86_AVX512)");
      return avx512;
    case SgemmIsa::kAvx2:
      PLITE_CHECK(CpuHasAvx2Fma(), "sgemm: SgemmIsa::kAvx2 requested but this CPU lacks AVX2/FMA");
      return avx2;
    case SgemmIsa::kScalar:
      return scalar;
  }
  PLITE_THROW("sgemm: unknown SgemmIsa ", static_cast<int>(options.isa));
}

}  // namespace

#include "lite/backends/simd/sgemm_entry_points.inc"

namespace sgemm_internal {

// Portable tile: same contract as the AVX2 one; the compiler vectorizes it with the
// baseline instruction set.
void MicroKernelScalar(int kc, const float* a, const float* b, long b_stride, float* c,
                       long ldc, float beta, const TileEpilogue* ep) {
  float acc[kMR][kNR] = {};
  for (int p = 0; p < kc; ++p) {
    const float* b_row = b + p * b_stride;
    for (int r = 0; r < kMR; ++r) {
      const float av = a[p * kMR + r];
      for (int j = 0; j < kNR; ++j) acc[r][j] += av * b_row[j];
    }
  }
  for (int r = 0; r < kMR; ++r) {
    float* c_row = c + r * ldc;
    for (int j = 0; j < kNR; ++j) {
      float v = acc[r][j];
      if (beta != 0.f) v += beta * c_row[j];
      if (ep->bias) v += ep->bias[r];
      c_row[j] = ApplyActivation(v, *ep->act);
    }
  }
}

}  // namespace sgemm_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
