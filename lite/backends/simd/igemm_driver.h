// The cache-blocked int8 GEMM driver of the CPU backends (igemm_types.h says what it
// computes), written once over a tile descriptor K (x86: lite/backends/x86/math/gemm_int8/
// igemm.cc, AVX512_VNNI / AVX-VNNI / AVX2 / portable tiles; ARM: lite/backends/arm/math/
// gemm_int8/igemm.cc, sdot / NEON tiles). B is packed per block of columns into panels of
// nr columns ([quads][nr][4], zero-padded past K), the block sized to stay in L2 while
// every row panel of A walks it; each tile's int32 sums go to scratch and the epilogue
// stores them row by row. Threads split N in whole tiles where it is wide, else the row
// panels.
//
// A descriptor K gives:
//   int nr                       tile columns = packed B panel width
//   bool unsigned_b              B packed + 128 (u8), compensated by 128 * row sums of A
//   void Tile(quads, a_panel, b_panel, acc, ldacc) const    acc[r * ldacc + j], all 8 x nr
//   void PackB(b, ldb, k, n0, nc, flip, dst) const          columns [n0, n0 + nc) of B into
//                                panels (PackBPortable is the plain form)
//   void Activate(row, n, act) const                       row[j] = act(row[j]) in place
//   void Quantize(row, n, inv_scale, ties_to_even, q) const  the backend's QuantizeToInt8
//
// Included by the backends' baseline-compiled igemm.cc only.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <type_traits>
#include <vector>

#include "lite/backends/simd/igemm_types.h"

namespace paddle {
namespace lite {
namespace simd {

// Packs columns [n0, n0 + nc) of B (K x N, ldb) into panels of nr columns ([quads][nr][4],
// zero-padded past K and nc); with `flip`, every byte + 128 (XOR 0x80).
inline void PackBPortable(const int8_t* b, int ldb, int k, int n0, int nc, int nr, bool flip,
                          uint8_t* dst) {
  const int quads = (k + 3) / 4;
  const uint8_t pad = flip ? 0x80 : 0;
  for (int j0 = 0; j0 < nc; j0 += nr) {
    const int cols = std::min(nr, nc - j0);
    uint8_t* panel = dst + static_cast<size_t>(j0) * quads * 4;
    for (int q = 0; q < quads; ++q) {
      uint8_t* out = panel + static_cast<size_t>(q) * nr * 4;
      for (int t = 0; t < 4; ++t) {
        const int8_t* row = 4 * q + t < k ? b + static_cast<int64_t>(4 * q + t) * ldb + n0 + j0
                                          : nullptr;
        for (int j = 0; j < cols; ++j) out[j * 4 + t] = (row ? uint8_t(row[j]) : 0) ^ pad;
      }
      // Padded columns: any value works (their sums are never stored); 0 keeps them defined.
      if (cols < nr) std::memset(out + cols * 4, pad, static_cast<size_t>(nr - cols) * 4);
    }
  }
}

template <typename K>
class BlockedIgemm {
 public:
  using ParallelFor = std::function<void(int, const std::function<void(int)>&)>;

  // C (leading dimension ldc; float, or int8 with ep.out_scale) = epilogue(A * B).
  template <typename Out>
  static void Run(const K& kernel, int n, const PackedInt8A& a, const int8_t* b, int ldb,
                  Out* c, int ldc, const Int8Epilogue& ep, int threads,
                  const ParallelFor& parallel_for) {
    PLITE_CHECK(ep.scale != nullptr, "igemm: the epilogue needs the per-row scales");
    if (a.m() == 0 || n <= 0) return;
    const int panels = (a.m() + kRows - 1) / kRows;
    threads = parallel_for ? std::max(1, threads) : 1;
    if (threads == 1) {
      RunPart(kernel, 0, panels, 0, n, a, b, ldb, c, ldc, ep);
      return;
    }
    const int tiles = (n + kernel.nr - 1) / kernel.nr;
    if (tiles >= 2 * threads || panels < threads) {
      const int parts = std::min(threads, tiles);
      parallel_for(parts, [&](int t) {
        const int n0 = tiles * t / parts * kernel.nr;
        const int n1 = std::min(n, tiles * (t + 1) / parts * kernel.nr);
        if (n0 < n1) RunPart(kernel, 0, panels, n0, n1, a, b, ldb, c, ldc, ep);
      });
    } else {
      parallel_for(threads, [&](int t) {
        const int p0 = panels * t / threads, p1 = panels * (t + 1) / threads;
        if (p0 < p1) RunPart(kernel, p0, p1, 0, n, a, b, ldb, c, ldc, ep);
      });
    }
  }

 private:
  static constexpr int kRows = PackedInt8A::kRows;

  // One row of C from its int32 sums: v = (acc - comp) * scale + bias, then the activation.
  static void StoreRow(const K& kernel, const int32_t* acc, int n, int32_t comp, float scale,
                       float bias, const Activation& act, float* out) {
    for (int j = 0; j < n; ++j) out[j] = static_cast<float>(acc[j] - comp) * scale + bias;
    if (act.kind != ActivationType::kNone) kernel.Activate(out, n, act);
  }

  // The float row, then quantized as the kernel's QuantizeToInt8: one call over the whole
  // row, as the float path activates it, so both see the same floats.
  static void StoreRow(const K& kernel, const int32_t* acc, int n, int32_t comp, float scale,
                       float bias, const Activation& act, const Int8Epilogue& ep,
                       int8_t* out) {
    float row[kMaxBlockColumns];
    StoreRow(kernel, acc, n, comp, scale, bias, act, row);
    kernel.Quantize(row, n, 1.f / ep.out_scale, ep.ties_to_even, out);
  }

  // Columns of B packed per block, whole tiles (nr need not divide 1024: ARM's are 12): the
  // block (K4 x NC bytes) in about 512 KB of L2, reused by every row panel of A.
  static constexpr int kMaxBlockColumns = 1024;
  static int BlockColumns(int k4, int nr, int n) {
    const int fit = std::max(1, (512 * 1024) / std::max(1, k4) / nr) * nr;
    return std::min(std::min(fit, std::max(1, kMaxBlockColumns / nr) * nr),
                    (n + nr - 1) / nr * nr);
  }

  template <typename Out>
  static void RunPart(const K& kernel, int p0, int p1, int n0, int n1, const PackedInt8A& a,
                      const int8_t* b, int ldb, Out* c, int ldc, const Int8Epilogue& ep) {
    const int k4 = a.k4(), quads = k4 / 4, nr = kernel.nr;
    const int nc_max = BlockColumns(k4, nr, n1 - n0);
    thread_local AlignedVector<uint8_t> packed;
    thread_local std::vector<int32_t> acc;
    packed.resize(static_cast<size_t>(k4) * nc_max);
    acc.resize(static_cast<size_t>(kRows) * nc_max);
    for (int nb = n0; nb < n1; nb += nc_max) {
      const int nc = std::min(nc_max, n1 - nb);
      const int nc_pad = (nc + nr - 1) / nr * nr;
      kernel.PackB(b, ldb, a.k(), nb, nc, kernel.unsigned_b, packed.data());
      for (int p = p0; p < p1; ++p) {
        const int8_t* panel = a.panel(p);
        for (int j = 0; j < nc_pad; j += nr) {
          kernel.Tile(quads, panel, packed.data() + static_cast<size_t>(j) * k4, acc.data() + j,
                      nc_pad);
        }
        const int rows = std::min(kRows, a.m() - p * kRows);
        for (int r = 0; r < rows; ++r) {
          const int m = p * kRows + r;
          const int32_t comp = kernel.unsigned_b ? 128 * a.row_sums()[m] : 0;
          const float bias = ep.bias ? ep.bias[m] : 0.f;
          Out* out = c + static_cast<int64_t>(m) * ldc + nb;
          if constexpr (std::is_same_v<Out, float>) {
            StoreRow(kernel, acc.data() + r * nc_pad, nc, comp, ep.scale[m], bias, ep.act, out);
          } else {
            StoreRow(kernel, acc.data() + r * nc_pad, nc, comp, ep.scale[m], bias, ep.act, ep,
                     out);
          }
        }
      }
    }
  }
};

}  // namespace simd
}  // namespace lite
}  // namespace paddle
