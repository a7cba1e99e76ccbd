#include "lite/backends/x86/math/gemm/gemv.h"

#include <algorithm>
#include <cstdint>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/sgemm_kernel.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/check.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

using sgemm_internal::GemvKernel;
using sgemm_internal::kGemvRows;
using sgemm_internal::TileEpilogue;

// Portable: same contract as the SIMD gemv kernels.
void GemvKernelScalar(int rows, int n, int k, const float* x, long ldx, const float* w,
                      long ldw, float* y, long ldy, const float* bias, const TileEpilogue* ep) {
  for (int r = 0; r < rows; ++r) {
    float* y_row = y + r * ldy;
    for (int j = 0; j < n; ++j) y_row[j] = 0.f;
    for (int p = 0; p < k; ++p) {
      const float xv = x[r * ldx + p];
      const float* w_row = w + p * ldw;
      for (int j = 0; j < n; ++j) y_row[j] += xv * w_row[j];
    }
    for (int j = 0; j < n; ++j) {
      y_row[j] = ApplyActivation(bias ? y_row[j] + bias[j] : y_row[j], *ep->act);
    }
  }
}

GemvKernel PickGemvKernel(SgemmIsa isa) {
  switch (isa) {
    case SgemmIsa::kAuto:
      if constexpr (kWithAvx512) {
        if (CpuHasAvx512f()) return sgemm_internal::GemvKernelAvx512;
      }
      return CpuHasAvx2Fma() ? sgemm_internal::GemvKernelAvx2 : GemvKernelScalar;
    case SgemmIsa::kAvx512:
      PLITE_CHECK(CpuHasAvx512f(), "Gemv: SgemmIsa::kAvx512 requested but this CPU lacks ",
                  "AVX-512F (or the build leaves it out: LITE_X86_AVX512)");
      if constexpr (kWithAvx512) return sgemm_internal::GemvKernelAvx512;
      break;
    case SgemmIsa::kAvx2:
      PLITE_CHECK(CpuHasAvx2Fma(), "Gemv: SgemmIsa::kAvx2 requested but this CPU lacks AVX2/FMA");
      return sgemm_internal::GemvKernelAvx2;
    case SgemmIsa::kScalar:
      return GemvKernelScalar;
  }
  PLITE_THROW("Gemv: unknown SgemmIsa ", static_cast<int>(isa));
}

}  // namespace

void Gemv(int m, int n, int k, const float* x, int ldx, const float* w, int ldw, float* y,
          int ldy, const GemmEpilogue& epilogue, const SgemmOptions& options) {
  PLITE_CHECK(m >= 0 && n >= 0 && k >= 0, "Gemv: negative size m=", m, " n=", n, " k=", k);
  PLITE_CHECK(ldx >= std::max(k, 1), "Gemv: ldx=", ldx, " is smaller than k=", k);
  PLITE_CHECK(ldw >= std::max(n, 1), "Gemv: ldw=", ldw, " is smaller than n=", n);
  PLITE_CHECK(ldy >= std::max(n, 1), "Gemv: ldy=", ldy, " is smaller than n=", n);
  PLITE_CHECK(options.threads >= 1, "Gemv: threads=", options.threads, " must be >= 1");
  const GemvKernel kernel = PickGemvKernel(options.isa);
  PLITE_CHECK(ActivationSupported(epilogue.act.kind), "Gemv: activation ",
              lite_api::ActivationTypeToStr(epilogue.act.kind), " (",
              static_cast<int>(epilogue.act.kind), ") is not supported");
  const TileEpilogue ep{nullptr, &epilogue.act};
  if (m == 0 || n == 0) return;
  PLITE_CHECK(y, "Gemv: null Y");
  PLITE_CHECK(k == 0 || (x && w), "Gemv: null X or W");

  // Column strips of whole 64-byte lines, one per thread.
  constexpr int kAlign = 16;
  const int max_parts = (n + kAlign - 1) / kAlign;
  const int parts = options.parallel_for ? std::min(options.threads, max_parts) : 1;
  const int chunk = ((n + parts - 1) / parts + kAlign - 1) / kAlign * kAlign;
  auto run_part = [&](int t) {
    const int j0 = t * chunk, j1 = std::min(n, j0 + chunk);
    if (j0 >= j1) return;
    for (int i = 0; i < m; i += kGemvRows) {
      kernel(std::min(kGemvRows, m - i), j1 - j0, k, x + static_cast<int64_t>(i) * ldx, ldx,
             w + j0, ldw, y + static_cast<int64_t>(i) * ldy + j0, ldy,
             epilogue.bias ? epilogue.bias + j0 : nullptr, &ep);
    }
  };
  if (parts <= 1) {
    run_part(0);
  } else {
    options.parallel_for(parts, run_part);
  }
}

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
