// nearest_interp / nearest_interp_v2 on fp16 tensors: each output row gathers its source
// row's values at the nearest source columns (the host kernel's indices, interp_taps.h), so
// the text detector's upsampling neck stays fp16 between its adds and concat instead of
// taking a calib cast on each side. Moves data only (the picker takes the precision its
// input has); planes split over the pool. A nearest_interp whose interp_method attribute
// says bilinear runs on the float kernels.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstring>
#include <vector>

#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/interp_taps.h"
#include "lite/operators/interpolate_op.h"
#include "lite/operators/op_params.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class NearestInterpFp16Compute : public KernelLite<TargetType::kARM, PrecisionType::kFP16> {
 public:
  void Run() override {
    auto& param = Param<operators::InterpolateParam>();
    PLITE_CHECK(param.interp_method == "nearest", op_type(), " (ARM fp16): interp_method '",
                param.interp_method, "' is not nearest");
    const DDim& in_dims = param.x->dims();
    const int64_t planes = in_dims[0] * in_dims[1];
    const int in_h = static_cast<int>(in_dims[2]);
    const int in_w = static_cast<int>(in_dims[3]);
    const operators::InterpolatePlan plan = operators::PlanInterpolate(param, op_type());
    const int out_h = plan.out_h;
    const int out_w = plan.out_w;
    const float16* in = param.x->data<float16>();
    float16* out = param.out->mutable_data<float16>();
    if (in_h == out_h && in_w == out_w) {  // Paddle copies when the size is unchanged
      std::memcpy(out, in, param.x->numel() * sizeof(float16));
      return;
    }
    const float ratio_h = host::InterpSourceRatio(in_h, out_h, plan.scale_h, param.align_corners);
    const float ratio_w = host::InterpSourceRatio(in_w, out_w, plan.scale_w, param.align_corners);
    const std::vector<int> ys = host::NearestIndices(in_h, out_h, ratio_h, param.align_corners);
    const std::vector<int> xs = host::NearestIndices(in_w, out_w, ratio_w, param.align_corners);
    const int64_t in_plane = static_cast<int64_t>(in_h) * in_w;
    const int64_t out_plane = static_cast<int64_t>(out_h) * out_w;
    // About 16 K output values a task before splitting pays.
    ParallelRanges(ctx(), planes, std::max<int64_t>(1, (1 << 14) / std::max<int64_t>(1, out_plane)),
                   [&](int64_t begin, int64_t end) {
                     for (int64_t p = begin; p < end; ++p) {
                       const float16* src = in + p * in_plane;
                       float16* dst = out + p * out_plane;
                       for (int y = 0; y < out_h; ++y) {
                         const float16* row = src + static_cast<int64_t>(ys[y]) * in_w;
                         float16* out_row = dst + static_cast<int64_t>(y) * out_w;
                         if (y > 0 && ys[y] == ys[y - 1]) {  // a repeated source row
                           std::memcpy(out_row, out_row - out_w, out_w * sizeof(float16));
                           continue;
                         }
                         for (int x = 0; x < out_w; ++x) out_row[x] = row[xs[x]];
                       }
                     }
                   });
  }
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

namespace {
bool InterpolatesNearest(const paddle::lite::KernelOpView& op) {
  return op.desc().GetAttrOr<std::string>("interp_method", "nearest") == "nearest";
}
}  // namespace

// One line: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNELS((nearest_interp, nearest_interp_v2), kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(NearestInterpFp16Compute), def)
    .BindInput("X", {PLITE_ARM_FP16_TY})
    .BindInput("OutSize", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("SizeTensor", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kAny))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", {PLITE_ARM_FP16_TY})
    .Applies(InterpolatesNearest)
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .MovesDataOnly()
    .Finalize();
