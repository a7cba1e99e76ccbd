// The operands of the CPU backends' int8 GEMM (x86: lite/backends/x86/math/gemm_int8/igemm.h,
// ARM: lite/backends/arm/math/gemm_int8/igemm.h), the same on both so that the kernels and
// tests above them are written once:
//   acc[m][n] = sum_k A[m][k] * B[k][n]            (int8 x int8, exact int32 accumulation)
//   C[m][n]   = act(acc[m][n] * scale[m] + bias[m])            (float output), or
//   C[m][n]   = that quantized with 1 / out_scale as QuantizeToInt8 does   (int8 output)
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "lite/utils/activation.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace simd {

// A (M x K int8, the weights) packed once in row panels of 8 rows, K in groups of 4
// (zero-padded): [panel][k / 4][8 rows][4], with each row's sum for the kernels that read B
// as unsigned (B + 128). Every tile of every backend reads one panel's 8 rows, 4 bytes a
// row a step: a vpdpbusd broadcast on x86, an sdot lane on ARM.
class PackedInt8A {
 public:
  static constexpr int kRows = 8;
  PackedInt8A() = default;
  PackedInt8A(int m, int k, const int8_t* a, int lda) : m_(m), k_(k) {
    PLITE_CHECK(m >= 0 && k >= 0 && lda >= k, "PackedInt8A: bad shape ", m, " x ", k,
                ", lda ", lda);
    const int panels = (m + kRows - 1) / kRows;
    data_.assign(static_cast<size_t>(panels) * kRows * k4(), 0);
    row_sums_.assign(m, 0);
    for (int r = 0; r < m; ++r) {
      int8_t* panel = data_.data() + static_cast<size_t>(r / kRows) * kRows * k4();
      for (int p = 0; p < k; ++p) {
        // -128 would overflow x86 AVX2's sign trick and ARM's paired 16-bit products;
        // weights quantized symmetrically never hold it.
        const int8_t v = std::max<int8_t>(a[static_cast<int64_t>(r) * lda + p], -127);
        panel[(p / 4) * kRows * 4 + (r % kRows) * 4 + p % 4] = v;
        row_sums_[r] += v;
      }
    }
  }

  int m() const { return m_; }
  int k() const { return k_; }
  // K rounded up to a multiple of 4.
  int k4() const { return (k_ + 3) / 4 * 4; }
  const int8_t* panel(int p) const { return data_.data() + static_cast<size_t>(p) * kRows * k4(); }
  const int32_t* row_sums() const { return row_sums_.data(); }
  bool empty() const { return data_.empty(); }

 private:
  int m_ = 0, k_ = 0;
  AlignedVector<int8_t> data_;
  std::vector<int32_t> row_sums_;
};

// What is applied when C is stored.
struct Int8Epilogue {
  const float* scale = nullptr;  // M multipliers (activation scale x weight scale of row m)
  const float* bias = nullptr;   // M values, or nullptr
  Activation act;                // none by default
  // int8 output only: C = QuantizeToInt8(v, 1 / out_scale, ties_to_even), the values an
  // int8 reader of scale out_scale would quantize v into (ties away from zero clamped to
  // [-127, 127], or to even clamped to [-128, 127]; NaN the lower bound).
  float out_scale = 1.f;
  bool ties_to_even = false;
};

}  // namespace simd
}  // namespace lite
}  // namespace paddle
