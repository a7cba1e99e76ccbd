// pool2d (max / avg) on fp16 NCHW tensors (lite/backends/arm/math/fp16/pool_fp16.h). The
// windows along each axis are computed once per shape with the host kernel's rules
// (lite/kernels/host/pool_window.h: sliding, global, adaptive, and the non-exclusive
// divisor), so every attribute the host kernel takes is taken here; planes split over the
// predictor's pool.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <vector>

#include "lite/backends/arm/math/fp16/pool_fp16.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/pool_window.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

class PoolFp16Compute : public KernelLite<TargetType::kARM, PrecisionType::kFP16> {
 public:
  void Run() override {
    auto& param = Param<operators::PoolParam>();
    const DDim& in_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    PLITE_CHECK(in_dims.size() == 4, "pool2d (ARM fp16): X must be 4-D, got ", in_dims.size(),
                "-D");
    PLITE_CHECK(param.pooling_type == "max" || param.pooling_type == "avg",
                "pool2d (ARM fp16): pooling_type '", param.pooling_type, "' is not max or avg");
    math::PoolPlaneFp16 plane;
    plane.in_h = static_cast<int>(in_dims[2]);
    plane.in_w = static_cast<int>(in_dims[3]);
    plane.out_h = static_cast<int>(out_dims[2]);
    plane.out_w = static_cast<int>(out_dims[3]);
    plane.is_max = param.pooling_type == "max";
    plane.divide_by_real_count = param.exclusive || param.adaptive;
    ResizeScratch(&rows_, plane.out_h, "row windows");
    ResizeScratch(&cols_, plane.out_w, "column windows");
    for (int i = 0; i < plane.out_h; ++i) {
      rows_[i] = WindowOf(param, i, plane.in_h, plane.out_h, 0);
    }
    for (int i = 0; i < plane.out_w; ++i) {
      cols_[i] = WindowOf(param, i, plane.in_w, plane.out_w, 1);
    }
    plane.rows = rows_.data();
    plane.cols = cols_.data();

    const float16* x = param.x->data<float16>();
    float16* out = param.output->mutable_data<float16>();
    const int64_t planes = in_dims[0] * in_dims[1];
    // About 16 K input values a task before splitting pays.
    const int64_t in_plane = std::max<int64_t>(1, in_dims[2] * in_dims[3]);
    ParallelRanges(ctx(), planes, std::max<int64_t>(1, (1 << 14) / in_plane),
                   [&](int64_t begin, int64_t end) {
                     math::PoolPlanesFp16(x, static_cast<int>(begin), static_cast<int>(end),
                                          plane, out);
                   });
  }

 private:
  // Output position i's window along `axis` (0: rows, 1: columns), as the host kernel has it.
  static math::PoolWindowFp16 WindowOf(const operators::PoolParam& param, int i, int in, int out,
                                       int axis) {
    const host::WindowRange r =
        param.adaptive ? host::AdaptiveRange(i, in, out)
                       : host::SlidingRange(i, in, param.ksize[axis], param.strides[axis],
                                            param.paddings[2 * axis]);
    return {r.begin, r.end, r.padded_size};
  }

  std::vector<math::PoolWindowFp16> rows_, cols_;
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

REGISTER_LITE_KERNEL(pool2d, kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(PoolFp16Compute), def)
    .BindInput("X", {PLITE_ARM_FP16_TY})
    .BindOutput("Out", {PLITE_ARM_FP16_TY})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Finalize();
