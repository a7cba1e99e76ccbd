#include "lite/backends/x86/math/gemm_int8/igemm.h"

#include <emmintrin.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/simd/igemm_driver.h"
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

// The tile of one ISA as the shared driver (lite/backends/simd/igemm_driver.h) calls it.
struct Kernel {
  MicroKernel tile;
  int nr;             // tile columns = packed B panel width
  bool unsigned_b;    // B packed + 128 (VNNI), compensated by 128 * row sums of A

  void Tile(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc) const {
    tile(quads, a, b, acc, ldacc);
  }
  void PackB(const int8_t* b, int ldb, int k, int n0, int nc, bool flip, uint8_t* dst) const;
  void Activate(float* row, int n, const Activation& act) const {
    if (CpuHasAvx2Fma()) {
      math::Activate(row, nullptr, row, n, act);
    } else {
      for (int j = 0; j < n; ++j) row[j] = ApplyActivation(row[j], act);
    }
  }
  void Quantize(const float* row, int n, float inv_scale, bool ties_to_even, int8_t* q) const {
    QuantizeToInt8(row, n, inv_scale, ties_to_even, q);
  }
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

// simd::PackBPortable with SSE2: 16 columns of 4 rows a step.
void Kernel::PackB(const int8_t* b, int ldb, int k, int n0, int nc, bool flip,
                   uint8_t* dst) const {
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

using Driver = simd::BlockedIgemm<Kernel>;

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

void Igemm(int n, const PackedInt8A& a, const int8_t* b, int ldb, float* c, int ldc,
           const Int8Epilogue& epilogue, const IgemmOptions& options) {
  Driver::Run(KernelFor(options.isa), n, a, b, ldb, c, ldc, epilogue, options.threads,
              options.parallel_for);
}

void Igemm(int n, const PackedInt8A& a, const int8_t* b, int ldb, int8_t* c, int ldc,
           const Int8Epilogue& epilogue, const IgemmOptions& options) {
  Driver::Run(KernelFor(options.isa), n, a, b, ldb, c, ldc, epilogue, options.threads,
              options.parallel_for);
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
