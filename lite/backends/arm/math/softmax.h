// Softmax rows and columns with NEON, 4 floats a vector; exp is the vector form's
// (lite/backends/simd/activation_vec.inc) and each row's or column's maximum is subtracted
// first, so large inputs cannot overflow.
#pragma once

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// Softmax over `n` contiguous values; out may equal x.
void SoftmaxRow(const float* x, float* out, long long n);

// Softmax down the first `columns` columns of an n-row block whose rows are `stride` floats
// apart: each column is normalized on its own; out may equal x.
void SoftmaxColumns(const float* x, float* out, long long n, long long columns,
                    long long stride);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
