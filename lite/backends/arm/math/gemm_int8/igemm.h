// int8 GEMM for ARM, the arithmetic of quantized convolutions and fully connected layers,
// on the operands shared with x86 (lite/backends/simd/igemm_types.h says what it computes)
// and the shared driver (lite/backends/simd/igemm_driver.h). A (M x K, the weights) is
// packed once by PackedInt8A; B (K x N, the quantized activations, row-major with leading
// dimension ldb) is packed per call into the layout of the running tile.
//
// Tiles, picked at run time by CPU features (IgemmIsa::kAuto):
// - dot product (ARMv8.2 sdot, the FEAT_DotProd CPUs: Cortex-A55/A75 and later): 8 x 12,
//   24 sdot a step of 4 K, each 4 products of s8 x s8 summed into an int32 lane;
// - NEON (every armv8.0 CPU): 8 x 8 as two halves of 4 rows; smull + smlal sum 2 products
//   into int16 (|a| <= 127 and |b| <= 128: 2 * 127 * 128 < 2^15, no saturation), sadalp
//   widens the pairs into int32.
// Both are exact: every path returns the same int32 sums.
#pragma once

#include <cstdint>

#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/backends/simd/igemm_types.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {

enum class IgemmIsa { kAuto, kNeon, kDotProd };

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
// from zero (ties_to_even: to even, clamped to [-128, 127], as Paddle's round_type 0); NaN
// becomes the lower bound.
void QuantizeToInt8(const float* x, long long n, float inv_scale, bool ties_to_even, int8_t* q);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
