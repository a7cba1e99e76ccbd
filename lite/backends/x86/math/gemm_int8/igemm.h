// int8 GEMM for x86, the arithmetic of quantized convolutions and fully connected layers:
//   acc[m][n] = sum_k A[m][k] * B[k][n]            (int8 x int8, exact int32 accumulation)
//   C[m][n]   = act(acc[m][n] * scale[m] + bias[m])            (float output), or
//   C[m][n]   = clamp(round_half_away(that / out_scale), -127, 127)   (int8 output)
// A (M x K, the weights) is packed once by PackedInt8A; B (K x N, the quantized activations,
// row-major with leading dimension ldb) is packed per call into the layout of the running
// kernel. A 1x1 convolution on NCHW data is one call (A = filter [out_ch x in_ch],
// B = input [in_ch x H*W], C = output [out_ch x H*W]); others are im2col + one call.
//
// Kernels, picked at run time by CPU features (IgemmIsa::kAuto):
// - AVX512_VNNI: vpdpbusd on zmm (8 x 32 int32 tiles). vpdpbusd multiplies unsigned by
//   signed bytes, so B is packed as B + 128 (u8) and 128 * sum_k A[m][k] is subtracted
//   from each row, exactly, before the epilogue.
// - AVX-VNNI: the same on ymm (8 x 16 tiles).
// - AVX2: vpmaddubsw on |B| and sign(B) * A, then vpmaddwd: a pair of products is at most
//   2 * 128 * 127 < 2^15, so the 16-bit sums never saturate (the u8 + 128 form of B would:
//   2 * 255 * 127 > 2^15). Needs A in [-127, 127]: PackedInt8A clamps -128 to -127.
// - portable loops on the same packing.
// All are exact: every path returns the same int32 sums.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/utils/activation.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

enum class IgemmIsa { kAuto, kScalar, kAvx2, kAvxVnni, kAvx512Vnni };

// The ISA kAuto runs on this CPU.
IgemmIsa IgemmBestIsa();
const char* IgemmIsaName(IgemmIsa isa);

// A (M x K int8) packed in row panels of 8 rows, K in groups of 4 (zero-padded):
// [panel][k / 4][8 rows][4], with each row's sum for the unsigned-B compensation.
class PackedInt8A {
 public:
  static constexpr int kRows = 8;
  PackedInt8A() = default;
  PackedInt8A(int m, int k, const int8_t* a, int lda);

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
  // int8 output only: C = clamp(round_half_away(v / out_scale), -127, 127).
  float out_scale = 1.f;
};

struct IgemmOptions {
  int threads = 1;  // parts the work is split into (with parallel_for)
  ParallelForFn parallel_for;
  IgemmIsa isa = IgemmIsa::kAuto;
};

// C (float, leading dimension ldc) = epilogue(A * B).
void Igemm(int n, const PackedInt8A& a, const int8_t* b, int ldb, float* c, int ldc,
           const Int8Epilogue& epilogue, const IgemmOptions& options = {});
// The same with int8 output.
void Igemm(int n, const PackedInt8A& a, const int8_t* b, int ldb, int8_t* c, int ldc,
           const Int8Epilogue& epilogue, const IgemmOptions& options = {});

// Quantizes n floats: q = round(x * inv_scale) clamped to [-127, 127], halfway cases away
// from zero (ties_to_even: to even, clamped to [-128, 127], as Paddle's round_type 0).
void QuantizeToInt8(const float* x, long long n, float inv_scale, bool ties_to_even, int8_t* q);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
