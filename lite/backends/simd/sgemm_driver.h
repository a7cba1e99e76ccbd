// The cache-blocked SGEMM driver of the CPU backends, written once over a micro-kernel
// descriptor K (x86: lite/backends/x86/math/gemm/sgemm.cc, AVX-512 / AVX2 / portable tiles
// picked at run time; ARM: lite/backends/arm/math/gemm/sgemm.cc, the NEON 8 x 12 tile):
//   C = act(packed_A * B + beta * C + bias)
// in BLIS loop order: a KC x NR panel of B stays in L1 while the micro-kernel walks the
// MC x KC block of packed A held in L2; B is packed per KC x NC block into zero-padded
// NR-column panels (or read in place where K says so). The K blocks before the last
// accumulate into C, the last applies the epilogue (bias per row, activation). Threads split
// the wider of N (in NR tiles) and M (in MR panels).
//
// A descriptor K gives:
//   static K For(const Options& options)     the kernels a call runs (options: the
//                                            backend's SgemmOptions)
//   static constexpr int kMR, kKC, kMC, kNC  register-tile rows; cache blocks (kMC a multiple
//                                            of kMR, kNC of nr())
//   using TileEpilogue                       {const float* bias; const Activation* act;}
//   int nr() const                           register-tile columns: packed B panel width
//   bool ReadsBInPlace(ldb, k, rows, cols) const   whether a rows x cols block of C reads B
//                                            unpacked (full tiles; row stride ldb)
//   bool MaskedEdge() const                  edge tiles read no column of B past theirs (else
//                                            the ragged last panel is packed, zero-padded,
//                                            when B is read in place)
//   int SideColumns(nc, b_in_place, ldc) const     trailing columns of an nc-wide block that
//                                            RunSideColumns takes instead of tiles (0: none)
//   void RunSideColumns(kc, a, b, ldb, c, ldc, beta, ep, mr, cols) const   (B in place)
//   void Tile(kc, a, b, b_stride, c, ldc, beta, ep, mr, nr) const   one mr x nr tile of C
//                                            (mr <= kMR, nr <= nr()); a: a packed A panel
// The driver is a template all through, so the descriptor's calls inline into its loops: a
// descriptor calling its micro-kernel directly keeps a direct call per tile, one holding
// the kernels picked for the CPU calls them through its pointers.
//
// Included by the backends' baseline-compiled sgemm.cc only (it includes standard headers:
// see lite/backends/x86/math/gemm/sgemm_kernel.h on the ISA-flagged files).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "lite/utils/activation_ref.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace simd {

template <typename K>
class BlockedSgemm {
 public:
  using TileEpilogue = typename K::TileEpilogue;
  static constexpr int kMR = K::kMR;
  static constexpr int kKC = K::kKC;
  static constexpr int kMC = K::kMC;
  static constexpr int kNC = K::kNC;

  // Floats PackA writes for an m x k matrix.
  static size_t PackedASize(int m, int k) {
    PLITE_CHECK(m >= 0 && k >= 0, "sgemm PackedASize: negative size m=", m, " k=", k);
    return static_cast<size_t>(RoundUp(m, kMR)) * static_cast<size_t>(k);
  }

  // Packed A: for each KC block of columns (starting at pc), the MR-row panels one after
  // another, each stored k-major (kc x MR, rows past m zero), alpha applied.
  static void PackA(int m, int k, const float* a, int lda, float* packed, float alpha) {
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
        const float* src = a + static_cast<int64_t>(i0) * lda + pc;
        if (rows == kMR) {  // a whole panel: kMR rows a step, unrolled
          for (int p = 0; p < kc; ++p) {
            for (int r = 0; r < kMR; ++r) {
              dst[p * kMR + r] = alpha * src[static_cast<int64_t>(r) * lda + p];
            }
          }
          continue;
        }
        for (int p = 0; p < kc; ++p) {
          int r = 0;
          for (; r < rows; ++r) dst[p * kMR + r] = alpha * src[static_cast<int64_t>(r) * lda + p];
          for (; r < kMR; ++r) dst[p * kMR + r] = 0.f;
        }
      }
    }
  }

  // C = act(packed_A * B + beta * C + bias); epilogue: {bias, act}, options: {threads,
  // parallel_for, ...} (the backend's GemmEpilogue and SgemmOptions).
  template <typename Epilogue, typename Options>
  static void SgemmPacked(int m, int n, int k, const float* packed_a, const float* b, int ldb,
                          float beta, float* c, int ldc, const Epilogue& epilogue,
                          const Options& options) {
    CheckShapes("SgemmPacked", m, n, k, ldb, ldc);
    PLITE_CHECK(options.threads >= 1, "SgemmPacked: threads=", options.threads,
                " must be >= 1");
    const K kernels = K::For(options);
    PLITE_CHECK(ActivationSupported(epilogue.act.kind), "SgemmPacked: activation ",
                lite_api::ActivationTypeToStr(epilogue.act.kind), " (",
                static_cast<int>(epilogue.act.kind), ") is not supported");
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
    const Problem pr{m, n, k, packed_a, b, ldb, beta, c, ldc, {epilogue.bias, &epilogue.act},
                     kernels};

    // Split the wider dimension (counted in register tiles) between the threads.
    const int nr = kernels.nr();
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

  // C = act(alpha * A * B + beta * C + bias), packing A on the fly.
  template <typename Epilogue, typename Options>
  static void Sgemm(int m, int n, int k, float alpha, const float* a, int lda, const float* b,
                    int ldb, float beta, float* c, int ldc, const Epilogue& epilogue,
                    const Options& options) {
    CheckShapes("Sgemm", m, n, k, ldb, ldc);
    PLITE_CHECK(lda >= std::max(k, 1), "Sgemm: lda=", lda, " is smaller than k=", k);
    if (m == 0 || n == 0) return;
    AlignedVector<float> packed(PackedASize(m, k));
    PackA(m, k, a, lda, packed.data(), alpha);
    SgemmPacked(m, n, k, packed.data(), b, ldb, beta, c, ldc, epilogue, options);
  }

 private:
  struct Problem {
    int m, n, k;
    const float* packed_a;
    const float* b;
    int ldb;
    float beta;
    float* c;
    int ldc;
    TileEpilogue epilogue;
    K kernels;
  };

  static int RoundUp(int x, int multiple) { return (x + multiple - 1) / multiple * multiple; }

  // The panel of packed A holding row i0 (a multiple of MR) in the KC block at pc.
  static const float* APanel(const float* packed, int m_pad, int pc, int kc, int i0) {
    return packed + static_cast<int64_t>(pc) * m_pad + static_cast<int64_t>(i0) * kc;
  }

  // Packs B[0..kc) x [0..nc) into nr-column panels, each kc x nr, columns past nc zero.
  static void PackB(int kc, int nc, const float* b, int ldb, int nr, float* dst) {
    for (int j0 = 0; j0 < nc; j0 += nr) {
      const int cols = std::min(nr, nc - j0);
      float* panel = dst + static_cast<int64_t>(j0) * kc;
      for (int p = 0; p < kc; ++p) {
        const float* src = b + static_cast<int64_t>(p) * ldb + j0;
        float* out = panel + static_cast<int64_t>(p) * nr;
        if (cols == nr) {
          for (int j = 0; j < nr; ++j) out[j] = src[j];
        } else {
          int j = 0;
          for (; j < cols; ++j) out[j] = src[j];
          for (; j < nr; ++j) out[j] = 0.f;
        }
      }
    }
  }

  // The B pack buffer of the calling thread, kept across calls (pool threads live as long
  // as their predictor), so a GEMM allocates nothing once warm.
  static float* PackBuffer(size_t floats) {
    thread_local AlignedVector<float> buffer;
    if (buffer.size() < floats) buffer.resize(floats);
    return buffer.data();
  }

  // C rows [m0, m1) x columns [n0, n1) of the problem; m0 is a multiple of MR.
  static void RunBlock(const Problem& pr, int m0, int m1, int n0, int n1) {
    // What the K blocks before the last store: no activation.
    static constexpr Activation kNoActivation{};
    const K& kernels = pr.kernels;
    const int nr_max = kernels.nr();
    const int m_pad = RoundUp(pr.m, kMR);
    const int kc_max = std::min(kKC, pr.k);
    const bool direct_b = kernels.ReadsBInPlace(pr.ldb, pr.k, m1 - m0, n1 - n0);
    const bool masked_edge = kernels.MaskedEdge();
    float* b_pack = nullptr;
    if (!direct_b) {
      b_pack = PackBuffer(static_cast<size_t>(kc_max) * RoundUp(std::min(kNC, n1 - n0), nr_max));
    } else if (!masked_edge) {
      b_pack = PackBuffer(static_cast<size_t>(kc_max) * nr_max);
    }
    const TileEpilogue none{nullptr, &kNoActivation};
    for (int jc = n0; jc < n1; jc += kNC) {
      const int nc = std::min(kNC, n1 - jc);
      const int nc_full = nc / nr_max * nr_max;
      const int side = kernels.SideColumns(nc, direct_b, pr.ldc);
      const int nc_tiles = nc - side;  // columns for the tiles
      for (int pc = 0; pc < pr.k; pc += kKC) {
        const int kc = std::min(kKC, pr.k - pc);
        // Earlier K blocks already wrote C: later ones accumulate; the epilogue runs last.
        const float beta = pc == 0 ? pr.beta : 1.f;
        const TileEpilogue& ep = pc + kc == pr.k ? pr.epilogue : none;
        const float* b_block = pr.b + static_cast<int64_t>(pc) * pr.ldb + jc;
        if (!direct_b) {
          PackB(kc, nc, b_block, pr.ldb, nr_max, b_pack);
        } else if (nc_full < nc && !masked_edge) {
          PackB(kc, nc - nc_full, b_block + nc_full, pr.ldb, nr_max, b_pack);
        }
        for (int ic = m0; ic < m1; ic += kMC) {
          const int mc = std::min(kMC, m1 - ic);
          for (int ir = 0; side > 0 && ir < mc; ir += kMR) {
            const int row = ic + ir;
            TileEpilogue ep_r = ep;
            if (ep.bias) ep_r.bias = ep.bias + row;
            kernels.RunSideColumns(kc, APanel(pr.packed_a, m_pad, pc, kc, row),
                                   b_block + nc_tiles, pr.ldb,
                                   pr.c + static_cast<int64_t>(row) * pr.ldc + jc + nc_tiles,
                                   pr.ldc, beta, ep_r, std::min(kMR, mc - ir), side);
          }
          for (int jr = 0; jr < nc_tiles; jr += nr_max) {
            const int nr = std::min(nr_max, nc_tiles - jr);
            const float* bp = direct_b ? b_block + jr : b_pack + static_cast<int64_t>(jr) * kc;
            long b_stride = direct_b ? pr.ldb : nr_max;
            if (direct_b && nr < nr_max && !masked_edge) {
              bp = b_pack;
              b_stride = nr_max;
            }
            for (int ir = 0; ir < mc; ir += kMR) {
              const int row = ic + ir;
              TileEpilogue ep_r = ep;
              if (ep.bias) ep_r.bias = ep.bias + row;
              kernels.Tile(kc, APanel(pr.packed_a, m_pad, pc, kc, row), bp, b_stride,
                           pr.c + static_cast<int64_t>(row) * pr.ldc + jc + jr, pr.ldc, beta,
                           ep_r, std::min(kMR, mc - ir), nr);
            }
          }
        }
      }
    }
  }

  static void CheckShapes(const char* who, int m, int n, int k, int ldb, int ldc) {
    PLITE_CHECK(m >= 0 && n >= 0 && k >= 0, who, ": negative size m=", m, " n=", n, " k=", k);
    PLITE_CHECK(ldb >= std::max(n, 1), who, ": ldb=", ldb, " is smaller than n=", n);
    PLITE_CHECK(ldc >= std::max(n, 1), who, ": ldc=", ldc, " is smaller than n=", n);
  }
};

}  // namespace simd
}  // namespace lite
}  // namespace paddle
