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
  void Quantize(const float* row, int n, float inv_scale, bool ties_to_even, int8_t* q) const {
    QuantizeToInt8(row, n, inv_scale, ties_to_even, q);
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

namespace {

// Clamped first (fmaxnm takes lo for NaN; clamping to whole bounds commutes with rounding),
// then fcvtas rounds halfway away from zero, fcvtns to even; the narrowing cannot overflow.
template <bool kTiesToEven>
void QuantizeClampFirst(const float* x, long long n, float inv_scale, int8_t* q) {
  const float lo = kTiesToEven ? -128.f : -127.f;
  const float32x4_t vinv = vdupq_n_f32(inv_scale), vlo = vdupq_n_f32(lo),
                    vhi = vdupq_n_f32(127.f);
  auto convert = [&](const float* p) {
    const float32x4_t v = vminnmq_f32(vmaxnmq_f32(vmulq_f32(vld1q_f32(p), vinv), vlo), vhi);
    return vmovn_s32(kTiesToEven ? vcvtnq_s32_f32(v) : vcvtaq_s32_f32(v));
  };
  long long i = 0;
  for (; i + 8 <= n; i += 8) {
    vst1_s8(q + i, vmovn_s16(vcombine_s16(convert(x + i), convert(x + i + 4))));
  }
  for (; i < n; ++i) {
    float v = x[i] * inv_scale;
    v = v >= lo ? std::min(v, 127.f) : lo;  // NaN fails the comparison
    q[i] = static_cast<int8_t>(kTiesToEven ? std::nearbyint(v) : std::round(v));
  }
}

}  // namespace

void QuantizeToInt8(const float* x, long long n, float inv_scale, bool ties_to_even, int8_t* q) {
  if (ties_to_even) {
    QuantizeClampFirst<true>(x, n, inv_scale, q);
  } else {
    QuantizeClampFirst<false>(x, n, inv_scale, q);
  }
}

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
