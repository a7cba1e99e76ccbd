// AVX2 row reductions for pool2d (see pool_rows.h): pool_rows_kernel.inc at 8 floats a
// vector. Built with -mavx2 -mfma.
#include <immintrin.h>

#include <cstdint>

#include "lite/backends/x86/math/pool/pool_rows.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {

namespace {

#include "lite/backends/x86/math/vec/vec_avx2.inc"
using V = VecAvx2;
#include "lite/backends/simd/pool_rows_kernel.inc"

}  // namespace

void PoolRowWindowsAvx2(const float* src, int n, int kernel, int stride, bool max, float* dst) {
  RowWindows(src, n, kernel, stride, max, dst);
}

void PoolCombineRowsAvx2(const float* src, int rows, int stride, int n, bool max, float* dst) {
  CombineRows(src, rows, stride, n, max, dst);
}

float PoolReducePlaneAvx2(const float* p, int64_t n, bool max) { return ReducePlane(p, n, max); }

}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
