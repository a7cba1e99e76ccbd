// Softmax rows and columns with AVX2/FMA, 8 floats per ymm; exp is the vector form's
// (activation_vec.inc). Declarations only: the intrinsics live in softmax_avx2.cc (built
// with -mavx2 -mfma); call only when lite::x86::CpuHasAvx2Fma() is true.
#pragma once

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

// Softmax over `n` contiguous values (the max is subtracted first); out may equal x.
void SoftmaxRowAvx2(const float* x, float* out, long long n);

// Softmax down the first `columns` columns of an n-row block whose rows are `stride` floats
// apart: each column is normalized on its own; out may equal x.
void SoftmaxColumnsAvx2(const float* x, float* out, long long n, long long columns,
                        long long stride);

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
