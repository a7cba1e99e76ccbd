// Sum / max / min reductions with AVX2, 8 floats per ymm; sums add float chunks of 2048
// values in double. Declarations only: the intrinsics
// live in reduce_avx2.cc (built with -mavx2 -mfma); call only when
// lite::x86::CpuHasAvx2Fma() is true.
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

enum class ReduceKind { kSum, kMax, kMin };

// out[i] = reduction of the n contiguous floats of row i, for `rows` rows (n >= 1).
void ReduceRowsAvx2(const float* x, long long rows, long long n, ReduceKind kind, float* out);

// out[j] = reduction over r of x[r * inner + j], for j < inner (a block of `count` rows of
// `inner` floats reduced down its columns; count >= 1).
void ReduceColumnsAvx2(const float* x, long long count, long long inner, ReduceKind kind,
                       float* out);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
