#include "lite/backends/arm/math/gemm_int8/igemm.h"

#include <arm_neon.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "lite/backends/arm/cpu_info.h"
#include "lite/backends/arm/math/activation.h"
#include "lite/backends/arm/math/gemm_int8/igemm_kernel.h"
#include "lite/backends/simd/igemm_driver.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

using igemm_internal::kMR;

static_assert(PackedInt8A::kRows == kMR, "packed A panels are the tiles' rows");

namespace {

// The tile of one ISA as the shared driver (lite/backends/simd/igemm_driver.h) calls it;
// both read B as signed bytes.
struct Kernel {
  void (*tile)(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc);
  int nr;
  static constexpr bool unsigned_b = false;

  void Tile(int quads, const int8_t* a, const uint8_t* b, int32_t* acc, long ldacc) const {
    tile(quads, a, b, acc, ldacc);
  }
  void PackB(const int8_t* b, int ldb, int k, int n0, int nc, bool flip, uint8_t* dst) const;
  void Activate(float* row, int n, const Activation& act) const {
    math::Activate(row, nullptr, row, n, act);
  }
};

Kernel KernelFor(IgemmIsa isa) {
  using namespace igemm_internal;  // NOLINT
  if (isa == IgemmIsa::kAuto) isa = IgemmBestIsa();
  switch (isa) {
    case IgemmIsa::kDotProd:
      PLITE_CHECK(CpuHasDotProd(), "igemm: the dot product tile requested but this CPU lacks ",
                  "FEAT_DotProd (sdot)");
      return {MicroKernelDotProd, kNRDotProd};
    case IgemmIsa::kNeon:
      return {MicroKernelNeon, kNRNeon};
    case IgemmIsa::kAuto:
      break;
  }
  PLITE_THROW("igemm: unknown IgemmIsa ", static_cast<int>(isa));
}

// Four rows of B, columns [j, j + 8) interleaved into 8 columns of 4 bytes (32 bytes).
inline void Interleave8(const int8x8_t r[4], int8_t* out) {
  const int8x16_t r01 = vcombine_s8(vzip1_s8(r[0], r[1]), vzip2_s8(r[0], r[1]));
  const int8x16_t r23 = vcombine_s8(vzip1_s8(r[2], r[3]), vzip2_s8(r[2], r[3]));
  const int16x8_t p01 = vreinterpretq_s16_s8(r01), p23 = vreinterpretq_s16_s8(r23);
  vst1q_s8(out, vreinterpretq_s8_s16(vzip1q_s16(p01, p23)));
  vst1q_s8(out + 16, vreinterpretq_s8_s16(vzip2q_s16(p01, p23)));
}

// simd::PackBPortable with NEON zips: 8 columns of 4 rows a step. B is never flipped here.
void Kernel::PackB(const int8_t* b, int ldb, int k, int n0, int nc, bool /*flip*/,
                   uint8_t* dst_bytes) const {
  int8_t* dst = reinterpret_cast<int8_t*>(dst_bytes);
  const int quads = (k + 3) / 4;
  const int8x8_t zero = vdup_n_s8(0);
  for (int j0 = 0; j0 < nc; j0 += nr) {
    const int cols = std::min(nr, nc - j0);
    int8_t* panel = dst + static_cast<size_t>(j0) * quads * 4;
    for (int q = 0; q < quads; ++q) {
      int8_t* out = panel + static_cast<size_t>(q) * nr * 4;
      const int8_t* rows[4];
      for (int t = 0; t < 4; ++t) {
        rows[t] = 4 * q + t < k ? b + static_cast<int64_t>(4 * q + t) * ldb + n0 + j0 : nullptr;
      }
      int j = 0;
      for (; j + 8 <= cols; j += 8) {
        int8x8_t r[4];
        for (int t = 0; t < 4; ++t) r[t] = rows[t] ? vld1_s8(rows[t] + j) : zero;
        Interleave8(r, out + j * 4);
      }
      for (; j < cols; ++j) {
        for (int t = 0; t < 4; ++t) out[j * 4 + t] = rows[t] ? rows[t][j] : 0;
      }
      // Padded columns: never stored; 0 keeps them defined.
      if (cols < nr) std::memset(out + cols * 4, 0, static_cast<size_t>(nr - cols) * 4);
    }
  }
}

using Driver = simd::BlockedIgemm<Kernel>;

}  // namespace

IgemmIsa IgemmBestIsa() { return CpuHasDotProd() ? IgemmIsa::kDotProd : IgemmIsa::kNeon; }

const char* IgemmIsaName(IgemmIsa isa) {
  switch (isa) {
    case IgemmIsa::kAuto: return IgemmIsaName(IgemmBestIsa());
    case IgemmIsa::kNeon: return "neon";
    case IgemmIsa::kDotProd: return "dotprod";
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
  const float lo = ties_to_even ? -128.f : -127.f;
  const int32x4_t vlo = vdupq_n_s32(static_cast<int32_t>(lo)), vhi = vdupq_n_s32(127);
  const float32x4_t vinv = vdupq_n_f32(inv_scale);
  // vcvta rounds halfway away from zero, vcvtn to even; NaN (v != v) takes the lower bound.
  auto convert = [&](const float* p) {
    const float32x4_t v = vmulq_f32(vld1q_f32(p), vinv);
    int32x4_t r = ties_to_even ? vcvtnq_s32_f32(v) : vcvtaq_s32_f32(v);
    r = vminq_s32(vmaxq_s32(r, vlo), vhi);
    return vbslq_s32(vceqq_f32(v, v), r, vlo);
  };
  long long i = 0;
  for (; i + 8 <= n; i += 8) {
    const int16x8_t h = vcombine_s16(vqmovn_s32(convert(x + i)), vqmovn_s32(convert(x + i + 4)));
    vst1_s8(q + i, vqmovn_s16(h));
  }
  for (; i < n; ++i) {
    const float v = x[i] * inv_scale;
    const float r = ties_to_even ? std::nearbyint(v) : std::round(v);
    q[i] = static_cast<int8_t>(std::isnan(r) ? lo : std::min(127.f, std::max(lo, r)));
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
