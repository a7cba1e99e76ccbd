// layer_norm on ARM: each row of X (viewed as [left, right] at begin_norm_axis) normalized
// with NEON (lite/backends/arm/math/layer_norm.h), Scale and Bias optional, the rows' Mean
// and Variance written where the op has them; rows split over the predictor's pool. The
// host kernel is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/layer_norm.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class LayerNormCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::LayerNormParam>();
    const DDim& dims = param.x->dims();
    const int64_t left = dims.count(0, param.begin_norm_axis);
    const int64_t right = dims.count(param.begin_norm_axis, dims.size());
    const float* x = param.x->data<float>();
    const float* scale = param.scale ? param.scale->data<float>() : nullptr;
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* y = param.y->mutable_data<float>();
    float* mean = param.mean ? param.mean->mutable_data<float>() : nullptr;
    float* var = param.variance ? param.variance->mutable_data<float>() : nullptr;
    // Whole rows per task, and about 64 K elements (three passes each) before splitting pays.
    const int64_t min_rows = std::max<int64_t>(1, (1 << 16) / std::max<int64_t>(right, 1));
    ParallelRanges(ctx(), left, min_rows, [&](int64_t begin, int64_t end) {
      for (int64_t r = begin; r < end; ++r) {
        float m = 0.f, v = 0.f;
        lite::arm::math::LayerNormRow(x + r * right, scale, bias, y + r * right, right,
                                      param.epsilon, &m, &v);
        if (mean) mean[r] = m;
        if (var) var[r] = v;
      }
    });
  }
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNEL(layer_norm, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(LayerNormCompute), def)
    .BindInput("X", {PLITE_ARM_FLOAT_TY})
    .BindInput("Scale", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Y", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Mean", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Variance", {PLITE_ARM_FLOAT_TY})
    .Finalize();
