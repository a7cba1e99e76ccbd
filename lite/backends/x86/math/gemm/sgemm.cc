#include "lite/backends/x86/math/gemm/sgemm.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/sgemm_kernel.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/aligned_vector.h"
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

namespace {

// Cache blocking (BLIS loop order): a KC x NR panel of B stays in L1 while the micro-kernel
// walks the MC x KC block of A held in L2; the KC x NC block of packed B lives in L2/L3.
constexpr int kKC = 256;  // 16 KB per B micro-panel
constexpr int kMC = 144;  // multiple of kMR; 144 KB of packed A per block
constexpr int kNC = 3072;  // multiple of kNR; 3 MB of packed B per block

int RoundUp(int x, int multiple) { return (x + multiple - 1) / multiple * multiple; }

// Packed A: for each KC block of columns (starting at pc), the MR-row panels one after
// another, each stored k-major (kc x MR, rows past m zero). The panel holding row i0
// (a multiple of MR) therefore starts at pc * m_pad + i0 * kc.
const float* APanel(const float* packed, int m_pad, int pc, int kc, int i0) {
  return packed + static_cast<int64_t>(pc) * m_pad + static_cast<int64_t>(i0) * kc;
}

// Packs B[0..kc) x [0..nc) into nr-column panels, each kc x nr, columns past nc zero.
void PackB(int kc, int nc, const float* b, int ldb, int nr, float* dst) {
  for (int j0 = 0; j0 < nc; j0 += nr) {
    const int cols = std::min(nr, nc - j0);
    float* panel = dst + static_cast<int64_t>(j0) * kc;
    for (int p = 0; p < kc; ++p) {
      const float* src = b + static_cast<int64_t>(p) * ldb + j0;
      float* out = panel + static_cast<int64_t>(p) * nr;
      int j = 0;
      for (; j < cols; ++j) out[j] = src[j];
      for (; j < nr; ++j) out[j] = 0.f;
    }
  }
}

}  // namespace

namespace {

// What the K blocks before the last store: no activation.
constexpr Activation kNoActivation{};

using ColumnTailKernel = void (*)(int kc, const float* a, const float* b, long ldb, float* c,
                                  long ldc, float beta, const sgemm_internal::TileEpilogue* ep,
                                  int mr, int cols);

// The kernels of one ISA. `edge` (masked, any mr x nr) replaces the scratch-tile path;
// without it, edge tiles at most nr / 2 wide use `narrow` and wider ones `full`.
// `column_tail` (optional) takes the last few columns when N is 1..3 past a multiple of 16.
struct Kernels {
  int nr;
  MicroKernel full;
  MicroKernel narrow;
  EdgeKernel edge;
  ColumnTailKernel column_tail;
  ColumnTailKernel wide_tile;  // 48 + cols columns, B in place (optional)
};

Kernels PickKernels(SgemmIsa isa) {
  using namespace sgemm_internal;  // NOLINT
  const Kernels avx512{kNR512, MicroKernelAvx512, nullptr, EdgeKernelAvx512, ColumnTailAvx512,
                      WideTileAvx512};
  const Kernels avx2{kNR, MicroKernelAvx2, MicroKernelAvx2Narrow, nullptr, nullptr, nullptr};
  const Kernels scalar{kNR, MicroKernelScalar, MicroKernelScalar, nullptr, nullptr, nullptr};
  switch (isa) {
    case SgemmIsa::kAuto:
      return CpuHasAvx512f() ? avx512 : CpuHasAvx2Fma() ? avx2 : scalar;
    case SgemmIsa::kAvx512:
      PLITE_CHECK(CpuHasAvx512f(), "sgemm: SgemmIsa::kAvx512 requested but this CPU lacks AVX-512F");
      return avx512;
    case SgemmIsa::kAvx2:
      PLITE_CHECK(CpuHasAvx2Fma(), "sgemm: SgemmIsa::kAvx2 requested but this CPU lacks AVX2/FMA");
      return avx2;
    case SgemmIsa::kScalar:
      return scalar;
  }
  PLITE_THROW("sgemm: unknown SgemmIsa ", static_cast<int>(isa));
}

struct Problem {
  int m, n, k;
  const float* packed_a;
  const float* b;
  int ldb;
  float beta;
  float* c;
  int ldc;
  sgemm_internal::TileEpilogue epilogue;
  Kernels kernels;
};

// The micro-kernel may read B in place (full NR-wide tiles; the ragged last panel is still
// packed, zero-padded, unless the ISA has a masked edge kernel), which saves the packing
// pass. Measured on MobileNetV2's pointwise convolutions this is as fast or faster at every
// M; but when rows of B are a multiple of 4 KB apart, the kc rows of a B strip fall into the
// same few cache sets and evict each other, and packing wins (1024 x 1024: 117 vs 71
// GFLOP/s with AVX2).
bool ReadBInPlace(int ldb) { return ldb % 1024 != 0; }

// With 64-byte vectors, B rows that are not 64 bytes apart make 3 of 4 rows' loads straddle
// two cache lines (N = 196: rows 784 bytes apart). Packing B aligns them; it pays once enough
// rows of A share each packed panel and K fills a KC block (in MobileNetV1 / SqueezeNet
// 512 x 512 x 196, 1000 x 512 x 196: 3-4% faster; but 64 x 512 x 196 14% slower, and
// 384 x 64 x 196, 576 x 96 x 196 2-4% slower). N = 32 q + 16..19 keeps the wide tile, which
// reads B in place.
constexpr int kPackMisalignedRows = 384;
constexpr int kPackMisalignedDepth = 256;
bool PackMisalignedB(const Problem& pr, int rows, int cols) {
  const int rem = cols % pr.kernels.nr;
  return pr.kernels.nr == sgemm_internal::kNR512 && pr.ldb % 16 != 0 &&
         rows >= kPackMisalignedRows && pr.k >= kPackMisalignedDepth &&
         !(pr.kernels.wide_tile && rem >= 16 && rem <= 19);
}

// The B pack buffer of the calling thread, kept across calls (pool threads live as long as
// their predictor), so a GEMM allocates nothing once warm.
float* PackBuffer(size_t floats) {
  thread_local AlignedVector<float> buffer;
  if (buffer.size() < floats) buffer.resize(floats);
  return buffer.data();
}

// C rows [m0, m1) x columns [n0, n1) of the problem; m0 is a multiple of MR.
void RunBlock(const Problem& pr, int m0, int m1, int n0, int n1) {
  const int nr_max = pr.kernels.nr;
  const int m_pad = RoundUp(pr.m, kMR);
  const int kc_max = std::min(kKC, pr.k);
  const bool direct_b = ReadBInPlace(pr.ldb) && !PackMisalignedB(pr, m1 - m0, n1 - n0);
  const bool masked_edge = pr.kernels.edge != nullptr;
  float* b_pack = nullptr;
  if (!direct_b) {
    b_pack = PackBuffer(static_cast<size_t>(kc_max) * RoundUp(std::min(kNC, n1 - n0), nr_max));
  } else if (!masked_edge) {
    b_pack = PackBuffer(static_cast<size_t>(kc_max) * nr_max);
  }
  alignas(64) float tile[kMR * kNR];
  const sgemm_internal::TileEpilogue none{nullptr, &kNoActivation};
  // Columns past a multiple of 16 that the column-vector kernel takes (its gather offsets
  // are 32-bit).
  const bool tail_ok = pr.kernels.column_tail != nullptr && pr.ldc <= (1 << 27);
  for (int jc = n0; jc < n1; jc += kNC) {
    const int nc = std::min(kNC, n1 - jc);
    const int nc_full = nc / nr_max * nr_max;
    // The last 48..51 columns (nc = 32 q + 16..19, e.g. 49) as one wide tile when B is read
    // in place; else the last 1..3 past a multiple of 16 as a column tail.
    const int rem = nc % nr_max;
    const int wide = direct_b && tail_ok && pr.kernels.wide_tile && nc - rem >= nr_max &&
                             rem >= 16 &&
                             rem - 16 <= sgemm_internal::kMaxColumnTail
                         ? sgemm_internal::kWideTileCols + rem - 16
                         : 0;
    const int tail = !wide && tail_ok && nc > 16 && nc % 16 <= sgemm_internal::kMaxColumnTail
                         ? nc % 16
                         : 0;
    const int nc_rows = nc - tail - wide;  // columns for the 32-wide / edge kernels
    for (int pc = 0; pc < pr.k; pc += kKC) {
      const int kc = std::min(kKC, pr.k - pc);
      // Earlier K blocks already wrote C: later ones accumulate; the epilogue runs last.
      const float beta = pc == 0 ? pr.beta : 1.f;
      const bool last = pc + kc == pr.k;
      const sgemm_internal::TileEpilogue& ep = last ? pr.epilogue : none;
      const float* b_block = pr.b + static_cast<int64_t>(pc) * pr.ldb + jc;
      if (!direct_b) {
        PackB(kc, nc, b_block, pr.ldb, nr_max, b_pack);
      } else if (nc_full < nc && !masked_edge) {
        PackB(kc, nc - nc_full, b_block + nc_full, pr.ldb, nr_max, b_pack);
      }
      for (int ic = m0; ic < m1; ic += kMC) {
        const int mc = std::min(kMC, m1 - ic);
        for (int ir = 0; wide > 0 && ir < mc; ir += kMR) {
          const int row = ic + ir;
          sgemm_internal::TileEpilogue ep_r = ep;
          if (ep.bias) ep_r.bias = ep.bias + row;
          pr.kernels.wide_tile(kc, APanel(pr.packed_a, m_pad, pc, kc, row), b_block + nc_rows,
                               pr.ldb, pr.c + static_cast<int64_t>(row) * pr.ldc + jc + nc_rows,
                               pr.ldc, beta, &ep_r, std::min(kMR, mc - ir),
                               wide - sgemm_internal::kWideTileCols);
        }
        for (int ir = 0; tail > 0 && ir < mc; ir += kMR) {
          const int row = ic + ir;
          sgemm_internal::TileEpilogue ep_r = ep;
          if (ep.bias) ep_r.bias = ep.bias + row;
          pr.kernels.column_tail(kc, APanel(pr.packed_a, m_pad, pc, kc, row), b_block + nc_rows,
                                 pr.ldb, pr.c + static_cast<int64_t>(row) * pr.ldc + jc + nc_rows,
                                 pr.ldc, beta, &ep_r, std::min(kMR, mc - ir), tail);
        }
        for (int jr = 0; jr < nc_rows; jr += nr_max) {
          const int nr = std::min(nr_max, nc_rows - jr);
          const float* bp = direct_b ? b_block + jr : b_pack + static_cast<int64_t>(jr) * kc;
          long b_stride = direct_b ? pr.ldb : nr_max;
          if (direct_b && nr < nr_max && !masked_edge) {
            bp = b_pack;
            b_stride = nr_max;
          }
          for (int ir = 0; ir < mc; ir += kMR) {
            const int mr = std::min(kMR, mc - ir);
            const int row = ic + ir;
            const float* ap = APanel(pr.packed_a, m_pad, pc, kc, row);
            float* cp = pr.c + static_cast<int64_t>(row) * pr.ldc + jc + jr;
            sgemm_internal::TileEpilogue ep_r = ep;
            if (ep.bias) ep_r.bias = ep.bias + row;
            if (mr == kMR && nr == nr_max) {
              pr.kernels.full(kc, ap, bp, b_stride, cp, pr.ldc, beta, &ep_r);
              continue;
            }
            if (masked_edge) {
              pr.kernels.edge(kc, ap, bp, b_stride, cp, pr.ldc, beta, &ep_r, mr, nr);
              continue;
            }
            // Edge tile: full tile into scratch, then only the valid part into C.
            const MicroKernel edge = nr <= nr_max / 2 ? pr.kernels.narrow : pr.kernels.full;
            edge(kc, ap, bp, b_stride, tile, kNR, 0.f, &none);
            for (int r = 0; r < mr; ++r) {
              float* c_row = cp + static_cast<int64_t>(r) * pr.ldc;
              const float* t_row = tile + r * kNR;
              const float bias_r = ep_r.bias ? ep_r.bias[r] : 0.f;
              if (beta != 0.f) {
                for (int j = 0; j < nr; ++j) c_row[j] = t_row[j] + beta * c_row[j] + bias_r;
              } else {
                for (int j = 0; j < nr; ++j) c_row[j] = t_row[j] + bias_r;
              }
              if (ep_r.act->kind != ActivationType::kNone) {
                for (int j = 0; j < nr; ++j) c_row[j] = ApplyActivation(c_row[j], *ep_r.act);
              }
            }
          }
        }
      }
    }
  }
}

void CheckShapes(const char* who, int m, int n, int k, int ldb, int ldc) {
  PLITE_CHECK(m >= 0 && n >= 0 && k >= 0, who, ": negative size m=", m, " n=", n, " k=", k);
  PLITE_CHECK(ldb >= std::max(n, 1), who, ": ldb=", ldb, " is smaller than n=", n);
  PLITE_CHECK(ldc >= std::max(n, 1), who, ": ldc=", ldc, " is smaller than n=", n);
}

}  // namespace

size_t PackedASize(int m, int k) {
  PLITE_CHECK(m >= 0 && k >= 0, "sgemm PackedASize: negative size m=", m, " k=", k);
  return static_cast<size_t>(RoundUp(m, kMR)) * static_cast<size_t>(k);
}

void PackA(int m, int k, const float* a, int lda, float* packed, float alpha) {
  PLITE_CHECK(m >= 0 && k >= 0, "sgemm PackA: negative size m=", m, " k=", k);
  PLITE_CHECK(lda >= std::max(k, 1), "sgemm PackA: lda=", lda, " is smaller than k=", k);
  if (m == 0 || k == 0) return;
  PLITE_CHECK(a && packed, "sgemm PackA: null A or packed buffer");
  const int m_pad = RoundUp(m, kMR);
  for (int pc = 0; pc < k; pc += kKC) {
    const int kc = std::min(kKC, k - pc);
    for (int i0 = 0; i0 < m; i0 += kMR) {
      const int rows = std::min(kMR, m - i0);
      float* dst = packed + static_cast<int64_t>(pc) * m_pad + static_cast<int64_t>(i0) * kc;
      for (int p = 0; p < kc; ++p) {
        int r = 0;
        for (; r < rows; ++r) {
          dst[p * kMR + r] = alpha * a[static_cast<int64_t>(i0 + r) * lda + pc + p];
        }
        for (; r < kMR; ++r) dst[p * kMR + r] = 0.f;
      }
    }
  }
}

void SgemmPacked(int m, int n, int k, const float* packed_a, const float* b, int ldb,
                 float beta, float* c, int ldc, const GemmEpilogue& epilogue,
                 const SgemmOptions& options) {
  CheckShapes("SgemmPacked", m, n, k, ldb, ldc);
  PLITE_CHECK(options.threads >= 1, "SgemmPacked: threads=", options.threads, " must be >= 1");
  const Kernels kernels = PickKernels(options.isa);
  PLITE_CHECK(ActivationSupported(epilogue.act.kind), "SgemmPacked: activation ",
              lite_api::ActivationTypeToStr(epilogue.act.kind), " (",
              static_cast<int>(epilogue.act.kind), ") is not supported");
  const sgemm_internal::TileEpilogue tile_ep{epilogue.bias, &epilogue.act};
  if (m == 0 || n == 0) return;
  PLITE_CHECK(c, "SgemmPacked: null C");
  if (k == 0) {  // no product: C = act(beta * C + bias)
    for (int i = 0; i < m; ++i) {
      float* c_row = c + static_cast<int64_t>(i) * ldc;
      for (int j = 0; j < n; ++j) {
        float v = beta != 0.f ? beta * c_row[j] : 0.f;
        if (epilogue.bias) v += epilogue.bias[i];
        c_row[j] = ApplyActivation(v, epilogue.act);
      }
    }
    return;
  }
  PLITE_CHECK(packed_a && b, "SgemmPacked: null packed A or B");
  const Problem pr{m, n, k, packed_a, b, ldb, beta, c, ldc, tile_ep, kernels};

  // Split the wider dimension (counted in register tiles) between the threads.
  const int nr = kernels.nr;
  const int n_tiles = (n + nr - 1) / nr;
  const int m_panels = (m + kMR - 1) / kMR;
  const int threads =
      options.parallel_for ? std::min(options.threads, std::max(n_tiles, m_panels)) : 1;
  if (threads <= 1) {
    RunBlock(pr, 0, m, 0, n);
    return;
  }
  if (n_tiles >= m_panels) {
    const int chunk = (n_tiles + threads - 1) / threads * nr;
    options.parallel_for(threads, [&](int t) {
      const int n0 = t * chunk, n1 = std::min(n, n0 + chunk);
      if (n0 < n1) RunBlock(pr, 0, m, n0, n1);
    });
  } else {
    const int chunk = (m_panels + threads - 1) / threads * kMR;
    options.parallel_for(threads, [&](int t) {
      const int m0 = t * chunk, m1 = std::min(m, m0 + chunk);
      if (m0 < m1) RunBlock(pr, m0, m1, 0, n);
    });
  }
}

void Sgemm(int m, int n, int k, float alpha, const float* a, int lda, const float* b,
           int ldb, float beta, float* c, int ldc, const GemmEpilogue& epilogue,
           const SgemmOptions& options) {
  CheckShapes("Sgemm", m, n, k, ldb, ldc);
  PLITE_CHECK(lda >= std::max(k, 1), "Sgemm: lda=", lda, " is smaller than k=", k);
  if (m == 0 || n == 0) return;
  AlignedVector<float> packed(PackedASize(m, k));
  PackA(m, k, a, lda, packed.data(), alpha);
  SgemmPacked(m, n, k, packed.data(), b, ldb, beta, c, ldc, epilogue, options);
}

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
