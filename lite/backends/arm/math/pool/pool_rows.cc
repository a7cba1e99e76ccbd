// NEON row reductions for pool2d (see pool_rows.h).
#include "lite/backends/arm/math/pool/pool_rows.h"

#include <arm_neon.h>

#include <cstdint>

namespace paddle {
namespace lite {
namespace arm {
namespace math {

namespace {

#include "lite/backends/arm/math/vec_neon.inc"
using V = VecNeon;
#include "lite/backends/simd/pool_rows_kernel.inc"

}  // namespace

void PoolRowWindows(const float* src, int n, int kernel, int stride, bool max, float* dst) {
  RowWindows(src, n, kernel, stride, max, dst);
}

void PoolCombineRows(const float* src, int rows, int stride, int n, bool max, float* dst) {
  CombineRows(src, rows, stride, n, max, dst);
}

float PoolReducePlane(const float* p, int64_t n, bool max) { return ReducePlane(p, n, max); }

}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
