#include "lite/backends/simd/nchwc/nchwc_pool_plan.h"

namespace paddle {
namespace lite {
namespace simd {

namespace {

// The window sizes and strides the fixed-size loops are compiled for.
bool FixedLoopsTake(int kernel, int stride) {
  return (kernel == 2 || kernel == 3) && (stride == 1 || stride == 2);
}

}  // namespace

NchwcPoolPlan NchwcPoolPlanFor(const NchwcPoolShape& shape) {
  NchwcPoolPlan plan;
  plan.shape = shape;
  const NchwcPoolWindow* cols = shape.cols;
  if (FixedLoopsTake(shape.kernel_w, shape.stride_w)) {
    // Sliding windows are full on one run of output columns (those clear of the padding).
    int lo = 0;
    while (lo < shape.out_w && cols[lo].end - cols[lo].begin != shape.kernel_w) ++lo;
    int hi = lo;
    while (hi < shape.out_w && cols[hi].end - cols[hi].begin == shape.kernel_w &&
           cols[hi].begin == cols[lo].begin + (hi - lo) * shape.stride_w &&
           cols[hi].divisor == cols[lo].divisor) {
      ++hi;
    }
    if (hi > lo) {
      plan.fixed_begin = lo;
      plan.fixed_end = hi;
    }
  }
  plan.whole_plane = shape.out_h == 1 && shape.out_w == 1 && shape.rows[0].begin == 0 &&
                     shape.rows[0].end == shape.in_h && cols[0].begin == 0 &&
                     cols[0].end == shape.in_w;
  return plan;
}

}  // namespace simd
}  // namespace lite
}  // namespace paddle
