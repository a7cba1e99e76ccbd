#include "lite/backends/arm/math/gemm/sgemm.h"

#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/gemm/sgemm_kernel.h"
#include "lite/utils/activation_ref.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"
#include "lite/utils/place.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

using sgemm_internal::kMR;
using sgemm_internal::kNR;

namespace {

// Cache blocking (BLIS loop order): a KC x NR panel of packed B (12 KB) stays in L1 while
// the micro-kernel walks the MC x KC block of packed A (128 KB) held in L2; the KC x NC
// block of packed B is read once per MC block.
constexpr int kKC = 256;
constexpr int kMC = 128;   // multiple of kMR
constexpr int kNC = 1536;  // multiple of kNR

int RoundUp(int x, int multiple) { return (x + multiple - 1) / multiple * multiple; }

// Packed A: for each KC block of columns (starting at pc), the MR-row panels one after
// another, each stored k-major (kc x MR, rows past m zero). The panel holding row i0
// (a multiple of MR) therefore starts at pc * m_pad + i0 * kc.
const float* APanel(const float* packed, int m_pad, int pc, int kc, int i0) {
  return packed + static_cast<int64_t>(pc) * m_pad + static_cast<int64_t>(i0) * kc;
}

// Packs B[0..kc) x [0..nc) into NR-column panels, each kc x NR, columns past nc zero, so
// the micro-kernel always reads whole vectors.
void PackB(int kc, int nc, const float* b, int ldb, float* dst) {
  for (int j0 = 0; j0 < nc; j0 += kNR) {
    const int cols = std::min(kNR, nc - j0);
    float* panel = dst + static_cast<int64_t>(j0) * kc;
    for (int p = 0; p < kc; ++p) {
      const float* src = b + static_cast<int64_t>(p) * ldb + j0;
      float* out = panel + static_cast<int64_t>(p) * kNR;
      if (cols == kNR) {
        for (int j = 0; j < kNR; ++j) out[j] = src[j];
      } else {
        int j = 0;
        for (; j < cols; ++j) out[j] = src[j];
        for (; j < kNR; ++j) out[j] = 0.f;
      }
    }
  }
}

// The B pack buffer of the calling thread, kept across calls (pool threads live as long as
// their predictor), so a GEMM allocates nothing once warm.
float* PackBuffer(size_t floats) {
  thread_local AlignedVector<float> buffer;
  if (buffer.size() < floats) buffer.resize(floats);
  return buffer.data();
}

// What the K blocks before the last store: no activation.
constexpr Activation kNoActivation{};

struct Problem {
  int m, n, k;
  const float* packed_a;
  const float* b;
  int ldb;
  float beta;
  float* c;
  int ldc;
  sgemm_internal::TileEpilogue epilogue;
};

// C rows [m0, m1) x columns [n0, n1) of the problem; m0 is a multiple of MR.
void RunBlock(const Problem& pr, int m0, int m1, int n0, int n1) {
  const int m_pad = RoundUp(pr.m, kMR);
  const int kc_max = std::min(kKC, pr.k);
  float* b_pack =
      PackBuffer(static_cast<size_t>(kc_max) * RoundUp(std::min(kNC, n1 - n0), kNR));
  const sgemm_internal::TileEpilogue none{nullptr, &kNoActivation};
  for (int jc = n0; jc < n1; jc += kNC) {
    const int nc = std::min(kNC, n1 - jc);
    for (int pc = 0; pc < pr.k; pc += kKC) {
      const int kc = std::min(kKC, pr.k - pc);
      // Earlier K blocks already wrote C: later ones accumulate; the epilogue runs last.
      const float beta = pc == 0 ? pr.beta : 1.f;
      const sgemm_internal::TileEpilogue& ep = pc + kc == pr.k ? pr.epilogue : none;
      PackB(kc, nc, pr.b + static_cast<int64_t>(pc) * pr.ldb + jc, pr.ldb, b_pack);
      for (int ic = m0; ic < m1; ic += kMC) {
        const int mc = std::min(kMC, m1 - ic);
        for (int jr = 0; jr < nc; jr += kNR) {
          const int nr = std::min(kNR, nc - jr);
          const float* bp = b_pack + static_cast<int64_t>(jr) * kc;
          for (int ir = 0; ir < mc; ir += kMR) {
            const int row = ic + ir;
            sgemm_internal::TileEpilogue ep_r = ep;
            if (ep.bias) ep_r.bias = ep.bias + row;
            sgemm_internal::MicroKernel(kc, APanel(pr.packed_a, m_pad, pc, kc, row), bp,
                                        pr.c + static_cast<int64_t>(row) * pr.ldc + jc + jr,
                                        pr.ldc, beta, ep_r, std::min(kMR, mc - ir), nr);
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
  const Problem pr{m, n, k, packed_a, b, ldb, beta, c, ldc, {epilogue.bias, &epilogue.act}};

  // Split the wider dimension (counted in register tiles) between the threads.
  const int n_tiles = (n + kNR - 1) / kNR;
  const int m_panels = (m + kMR - 1) / kMR;
  const int threads =
      options.parallel_for ? std::min(options.threads, std::max(n_tiles, m_panels)) : 1;
  if (threads <= 1) {
    RunBlock(pr, 0, m, 0, n);
    return;
  }
  if (n_tiles >= m_panels) {
    const int chunk = (n_tiles + threads - 1) / threads * kNR;
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

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
