#include "lite/backends/x86/math/gemm_int8/igemm.h"

#include <emmintrin.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm_int8/igemm_kernel.h"
#include "lite/backends/x86/math/vec/activation.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

using igemm_internal::kMR;
using igemm_internal::MicroKernel;

static_assert(PackedInt8A::kRows == kMR, "packed A panels are the tiles' rows");

namespace {

// The kernel of one ISA and how it reads B.
struct Kernel {
  MicroKernel tile;
  int nr;             // tile columns = packed B panel width
  bool unsigned_b;    // B packed + 128 (VNNI), compensated by 128 * row sums of A
};

Kernel KernelFor(IgemmIsa isa) {
  using namespace igemm_internal;  // NOLINT
  if (isa == IgemmIsa::kAuto) isa = IgemmBestIsa();
  switch (isa) {
    case IgemmIsa::kAvx512Vnni:
      PLITE_CHECK(CpuHasAvx512Vnni(), "igemm: AVX512_VNNI requested but this CPU lacks it (or ",
                  "the build leaves AVX-512 out: LITE_X86_AVX512)");
      if constexpr (kWithAvx512) return {MicroKernelAvx512Vnni, kNR512, true};
      break;
    case IgemmIsa::kAvxVnni:
      PLITE_CHECK(CpuHasAvxVnni(), "igemm: AVX-VNNI requested but this CPU lacks it");
      return {MicroKernelAvxVnni, kNR, true};
    case IgemmIsa::kAvx2:
      PLITE_CHECK(CpuHasAvx2Fma(), "igemm: AVX2 requested but this CPU lacks it");
      return {MicroKernelAvx2, kNR, false};
    case IgemmIsa::kScalar:
      return {MicroKernelScalar, kNR, false};
    case IgemmIsa::kAuto:
      break;
  }
  PLITE_THROW("igemm: unknown IgemmIsa ", static_cast<int>(isa));
}

// Packs columns [n0, n0 + nc) of B (K x N, ldb) into panels of nr columns ([quads][nr][4],
// zero-padded past K and nc); with `flip`, every byte + 128 (XOR 0x80).
void PackB(const int8_t* b, int ldb, int k, int n0, int nc, int nr, bool flip, uint8_t* dst) {
  const int quads = (k + 3) / 4;
  const uint8_t pad = flip ? 0x80 : 0;
  const __m128i flip_mask = _mm_set1_epi8(flip ? static_cast<char>(0x80) : 0);
  const __m128i zero = _mm_setzero_si128();
  for (int j0 = 0; j0 < nc; j0 += nr) {
    const int cols = std::min(nr, nc - j0);
    uint8_t* panel = dst + static_cast<size_t>(j0) * quads * 4;
    for (int q = 0; q < quads; ++q) {
      uint8_t* out = panel + static_cast<size_t>(q) * nr * 4;
      const int8_t* rows[4];
      for (int t = 0; t < 4; ++t) {
        rows[t] = 4 * q + t < k ? b + static_cast<int64_t>(4 * q + t) * ldb + n0 + j0 : nullptr;
      }
      int j = 0;
      // 16 columns of 4 rows: interleave bytes, then byte pairs, into 4-byte column groups.
      for (; j + 16 <= cols; j += 16) {
        __m128i r[4];
        for (int t = 0; t < 4; ++t) {
          r[t] = rows[t] ? _mm_loadu_si128(reinterpret_cast<const __m128i*>(rows[t] + j)) : zero;
          r[t] = _mm_xor_si128(r[t], flip_mask);
        }
        const __m128i r01_lo = _mm_unpacklo_epi8(r[0], r[1]);
        const __m128i r01_hi = _mm_unpackhi_epi8(r[0], r[1]);
        const __m128i r23_lo = _mm_unpacklo_epi8(r[2], r[3]);
        const __m128i r23_hi = _mm_unpackhi_epi8(r[2], r[3]);
        __m128i* o = reinterpret_cast<__m128i*>(out + j * 4);
        _mm_storeu_si128(o + 0, _mm_unpacklo_epi16(r01_lo, r23_lo));
        _mm_storeu_si128(o + 1, _mm_unpackhi_epi16(r01_lo, r23_lo));
        _mm_storeu_si128(o + 2, _mm_unpacklo_epi16(r01_hi, r23_hi));
        _mm_storeu_si128(o + 3, _mm_unpackhi_epi16(r01_hi, r23_hi));
      }
      for (; j < cols; ++j) {
        for (int t = 0; t < 4; ++t) {
          out[j * 4 + t] = (rows[t] ? static_cast<uint8_t>(rows[t][j]) : 0) ^ pad;
        }
      }
      // Padded columns: any value works (their sums are never stored); 0 keeps them defined.
      if (cols < nr) std::memset(out + cols * 4, pad, static_cast<size_t>(nr - cols) * 4);
    }
  }
}

inline float RoundHalfAway(float v) { return std::round(v); }

// One row of C from its int32 sums: v = (acc - comp) * scale + bias, then the activation.
void StoreRow(const int32_t* acc, int n, int32_t comp, float scale, float bias,
              const Activation& act, float* out) {
  for (int j = 0; j < n; ++j) out[j] = static_cast<float>(acc[j] - comp) * scale + bias;
  if (act.kind == ActivationType::kNone) return;
  if (CpuHasAvx2Fma()) {
    Activate(out, nullptr, out, n, act);
  } else {
    for (int j = 0; j < n; ++j) out[j] = ApplyActivation(out[j], act);
  }
}

void StoreRow(const int32_t* acc, int n, int32_t comp, float scale, float bias,
              const Activation& act, float out_scale, int8_t* out) {
  float row[256];
  const float inv = 1.f / out_scale;
  for (int j0 = 0; j0 < n; j0 += 256) {
    const int len = std::min(256, n - j0);
    StoreRow(acc + j0, len, comp, scale, bias, act, row);
    for (int j = 0; j < len; ++j) {
      const float q = std::min(127.f, std::max(-127.f, RoundHalfAway(row[j] * inv)));
      out[j0 + j] = static_cast<int8_t>(q);
    }
  }
}

// Columns of B packed per block: the block (K4 x NC bytes) in about 512 KB of L2, reused by
// every row panel of A.
int BlockColumns(int k4, int nr, int n) {
  const int fit = std::max(1, (512 * 1024) / std::max(1, k4) / nr) * nr;
  return std::min(std::min(fit, 1024), (n + nr - 1) / nr * nr);
}

template <typename Out>
void RunPart(const Kernel& kernel, int p0, int p1, int n0, int n1, const PackedInt8A& a,
             const int8_t* b, int ldb, Out* c, int ldc, const Int8Epilogue& ep) {
  const int k4 = a.k4(), quads = k4 / 4, nr = kernel.nr;
  const int nc_max = BlockColumns(k4, nr, n1 - n0);
  thread_local AlignedVector<uint8_t> packed;
  thread_local std::vector<int32_t> acc;
  packed.resize(static_cast<size_t>(k4) * nc_max);
  acc.resize(static_cast<size_t>(kMR) * nc_max);
  for (int nb = n0; nb < n1; nb += nc_max) {
    const int nc = std::min(nc_max, n1 - nb);
    const int nc_pad = (nc + nr - 1) / nr * nr;
    PackB(b, ldb, a.k(), nb, nc, nr, kernel.unsigned_b, packed.data());
    for (int p = p0; p < p1; ++p) {
      const int8_t* panel = a.panel(p);
      for (int j = 0; j < nc_pad; j += nr) {
        kernel.tile(quads, panel, packed.data() + static_cast<size_t>(j) * k4, acc.data() + j,
                    nc_pad);
      }
      const int rows = std::min(kMR, a.m() - p * kMR);
      for (int r = 0; r < rows; ++r) {
        const int m = p * kMR + r;
        const int32_t comp = kernel.unsigned_b ? 128 * a.row_sums()[m] : 0;
        const float bias = ep.bias ? ep.bias[m] : 0.f;
        Out* out = c + static_cast<int64_t>(m) * ldc + nb;
        if constexpr (std::is_same_v<Out, float>) {
          StoreRow(acc.data() + r * nc_pad, nc, comp, ep.scale[m], bias, ep.act, out);
        } else {
          StoreRow(acc.data() + r * nc_pad, nc, comp, ep.scale[m], bias, ep.act, ep.out_scale,
                   out);
        }
      }
    }
  }
}

template <typename Out>
void Run(int n, const PackedInt8A& a, const int8_t* b, int ldb, Out* c, int ldc,
         const Int8Epilogue& ep, const IgemmOptions& options) {
  PLITE_CHECK(ep.scale != nullptr, "igemm: the epilogue needs the per-row scales");
  if (a.m() == 0 || n <= 0) return;
  const Kernel kernel = KernelFor(options.isa);
  const int panels = (a.m() + kMR - 1) / kMR;
  const int threads = options.parallel_for ? std::max(1, options.threads) : 1;
  if (threads == 1) {
    RunPart(kernel, 0, panels, 0, n, a, b, ldb, c, ldc, ep);
    return;
  }
  // Split N in whole tiles when it is wide enough, else the row panels.
  const int tiles = (n + kernel.nr - 1) / kernel.nr;
  if (tiles >= 2 * threads || panels < threads) {
    const int parts = std::min(threads, tiles);
    options.parallel_for(parts, [&](int t) {
      const int n0 = tiles * t / parts * kernel.nr;
      const int n1 = std::min(n, tiles * (t + 1) / parts * kernel.nr);
      if (n0 < n1) RunPart(kernel, 0, panels, n0, n1, a, b, ldb, c, ldc, ep);
    });
  } else {
    options.parallel_for(threads, [&](int t) {
      const int p0 = panels * t / threads, p1 = panels * (t + 1) / threads;
      if (p0 < p1) RunPart(kernel, p0, p1, 0, n, a, b, ldb, c, ldc, ep);
    });
  }
}

}  // namespace

IgemmIsa IgemmBestIsa() {
  if (CpuHasAvx512Vnni()) return IgemmIsa::kAvx512Vnni;
  if (CpuHasAvxVnni()) return IgemmIsa::kAvxVnni;
  if (CpuHasAvx2Fma()) return IgemmIsa::kAvx2;
  return IgemmIsa::kScalar;
}

const char* IgemmIsaName(IgemmIsa isa) {
  switch (isa) {
    case IgemmIsa::kAuto: return IgemmIsaName(IgemmBestIsa());
    case IgemmIsa::kScalar: return "scalar";
    case IgemmIsa::kAvx2: return "avx2";
    case IgemmIsa::kAvxVnni: return "avx_vnni";
    case IgemmIsa::kAvx512Vnni: return "avx512_vnni";
  }
  return "unknown";
}

PackedInt8A::PackedInt8A(int m, int k, const int8_t* a, int lda) : m_(m), k_(k) {
  PLITE_CHECK(m >= 0 && k >= 0 && lda >= k, "PackedInt8A: bad shape ", m, " x ", k, ", lda ", lda);
  const int panels = (m + kRows - 1) / kRows;
  data_.assign(static_cast<size_t>(panels) * kRows * k4(), 0);
  row_sums_.assign(m, 0);
  for (int r = 0; r < m; ++r) {
    int8_t* panel = data_.data() + static_cast<size_t>(r / kRows) * kRows * k4();
    for (int p = 0; p < k; ++p) {
      // -128 would overflow the AVX2 kernel's sign trick; weights quantized symmetrically
      // never hold it.
      const int8_t v = std::max<int8_t>(a[static_cast<int64_t>(r) * lda + p], -127);
      panel[(p / 4) * kRows * 4 + (r % kRows) * 4 + p % 4] = v;
      row_sums_[r] += v;
    }
  }
}

void Igemm(int n, const PackedInt8A& a, const int8_t* b, int ldb, float* c, int ldc,
           const Int8Epilogue& epilogue, const IgemmOptions& options) {
  Run(n, a, b, ldb, c, ldc, epilogue, options);
}

void Igemm(int n, const PackedInt8A& a, const int8_t* b, int ldb, int8_t* c, int ldc,
           const Int8Epilogue& epilogue, const IgemmOptions& options) {
  Run(n, a, b, ldb, c, ldc, epilogue, options);
}

void QuantizeToInt8(const float* x, long long n, float inv_scale, bool ties_to_even, int8_t* q) {
  if (CpuHasAvx2Fma()) {
    igemm_internal::QuantizeToInt8Avx2(x, n, inv_scale, ties_to_even, q);
    return;
  }
  const float lo = ties_to_even ? -128.f : -127.f;
  for (long long i = 0; i < n; ++i) {
    const float v = x[i] * inv_scale;
    const float r = ties_to_even ? std::nearbyint(v) : std::round(v);
    q[i] = static_cast<int8_t>(std::isnan(r) ? lo : std::min(127.f, std::max(lo, r)));
  }
}

namespace igemm_internal {

void MicroKernelScalar(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc) {
  int32_t sums[kMR][kNR] = {};
  for (int q = 0; q < quads; ++q, a += kMR * 4, b += kNR * 4) {
    const int8_t* bs = reinterpret_cast<const int8_t*>(b);
    for (int r = 0; r < kMR; ++r) {
      for (int j = 0; j < kNR; ++j) {
        int32_t s = 0;
        for (int t = 0; t < 4; ++t) s += int32_t{a[r * 4 + t]} * bs[j * 4 + t];
        sums[r][j] += s;
      }
    }
  }
  for (int r = 0; r < kMR; ++r) std::memcpy(acc + r * ldacc, sums[r], sizeof(sums[r]));
}

}  // namespace igemm_internal

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
