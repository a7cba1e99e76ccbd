// Window reductions along input rows for pool2d with NEON: x86's loops
// (lite/backends/simd/pool_rows_kernel.inc) at 4 floats a vector.
#pragma once

#include <cstdint>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

// dst[o] = max (or sum) of src[o * stride .. o * stride + kernel) for o in [0, n), kernel 2
// or 3, stride 1 or 2: reads src[0, (n - 1) * stride + kernel).
void PoolRowWindows(const float* src, int n, int kernel, int stride, bool max, float* dst);

// dst[o] = max (or sum, added in row order) of src[r * stride + o] over rows r in
// [0, rows), for o in [0, n); rows >= 1; dst must not overlap src.
void PoolCombineRows(const float* src, int rows, int stride, int n, bool max, float* dst);

// Max (or sum) of p[0, n).
float PoolReducePlane(const float* p, int64_t n, bool max);

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
