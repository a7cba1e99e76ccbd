// int8 GEMM for x86, the arithmetic of quantized convolutions and fully connected layers,
// on the operands shared with ARM (lite/backends/simd/igemm_types.h says what it computes)
// and the shared driver (lite/backends/simd/igemm_driver.h).
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

#include "lite/backends/simd/igemm_types.h"
#include "lite/backends/x86/math/gemm/sgemm.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

enum class IgemmIsa { kAuto, kScalar, kAvx2, kAvxVnni, kAvx512Vnni };

// The ISA kAuto runs on this CPU.
IgemmIsa IgemmBestIsa();
const char* IgemmIsaName(IgemmIsa isa);

using simd::Int8Epilogue;
using simd::PackedInt8A;

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
