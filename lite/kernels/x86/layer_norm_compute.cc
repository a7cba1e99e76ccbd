// layer_norm on x86: each row of X (viewed as [left, right] at begin_norm_axis) normalized
// with AVX2/FMA (layer_norm_avx2.h), rows split over the threads. Registered only for CPUs
// with AVX2+FMA; the host kernel is the reference.
#include <algorithm>
#include <cstdint>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/layer_norm_avx2.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class LayerNormCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
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
    // A thread takes whole rows, and only work worth a hand-off.
    const int threads = ctx().pool ? ctx().pool->threads() : 1;
    const int64_t worth = left * right / (16 * 1024);
    const int parts =
        static_cast<int>(std::max<int64_t>(1, std::min<int64_t>({threads, left, worth})));
    ParallelTasks(ctx(), parts, [&](int t) {
      for (int64_t r = left * t / parts; r < left * (t + 1) / parts; ++r) {
        float m = 0.f, v = 0.f;
        lite::x86::math::LayerNormRowAvx2(x + r * right, scale, bias, y + r * right, right,
                                          param.epsilon, &m, &v);
        if (mean) mean[r] = m;
        if (var) var[r] = v;
      }
    });
  }
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(layer_norm, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::LayerNormCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Y", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Mean", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Variance", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
