#include "lite/backends/host/math/gemm.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace paddle {
namespace lite {
namespace host {
namespace math {

void Gemm(bool trans_a, bool trans_b, int m, int n, int k, float alpha, const float* a,
          int lda, const float* b, int ldb, float beta, float* c, int ldc) {
  // One output row at a time, accumulated over k in a scratch row (i-p-j order keeps the
  // inner loop contiguous in B when B is not transposed).
  std::vector<float> row(static_cast<size_t>(n));
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) row[j] = 0.f;
    for (int p = 0; p < k; ++p) {
      const float a_ip = trans_a ? a[static_cast<int64_t>(p) * lda + i]
                                 : a[static_cast<int64_t>(i) * lda + p];
      if (trans_b) {
        for (int j = 0; j < n; ++j) row[j] += a_ip * b[static_cast<int64_t>(j) * ldb + p];
      } else {
        const float* b_row = b + static_cast<int64_t>(p) * ldb;
        for (int j = 0; j < n; ++j) row[j] += a_ip * b_row[j];
      }
    }
    float* c_row = c + static_cast<int64_t>(i) * ldc;
    for (int j = 0; j < n; ++j) {
      c_row[j] = beta == 0.f ? alpha * row[j] : alpha * row[j] + beta * c_row[j];
    }
  }
}

}  // namespace math
}  // namespace host
}  // namespace lite
}  // namespace paddle
