// Standalone activations (relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid) on x86:
// 8 floats per ymm (activation_avx2.h), large tensors split over the predictor's pool.
// Registered for CPUs with AVX2+FMA; the host kernel is the reference.
#include <string>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/activation_avx2.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/parallel_ranges.h"
#include "lite/operators/op_params.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace {

lite::x86::math::VecActivationParams ToVec(const operators::ActParam& act,
                                           const std::string& op) {
  using lite::x86::math::VecActivation;
  using operators::ActivationType;
  lite::x86::math::VecActivationParams v;
  switch (act.type) {
    case ActivationType::kRelu: v.type = VecActivation::kRelu; break;
    case ActivationType::kRelu6: v.type = VecActivation::kRelu6; break;
    case ActivationType::kLeakyRelu: v.type = VecActivation::kLeakyRelu; break;
    case ActivationType::kHardSwish: v.type = VecActivation::kHardSwish; break;
    case ActivationType::kHardSigmoid: v.type = VecActivation::kHardSigmoid; break;
    case ActivationType::kSigmoid: v.type = VecActivation::kSigmoid; break;
    default: PLITE_THROW(op, ": the x86 kernel has no activation of this type");
  }
  v.relu6_threshold = act.relu6_threshold;
  v.leaky_alpha = act.leaky_alpha;
  v.hard_swish_threshold = act.hard_swish_threshold;
  v.hard_swish_scale = act.hard_swish_scale;
  v.hard_swish_offset = act.hard_swish_offset;
  v.hard_sigmoid_slope = act.hard_sigmoid_slope;
  v.hard_sigmoid_offset = act.hard_sigmoid_offset;
  return v;
}

}  // namespace

// `n` floats of x activated into out, split over the context's pool.
void Activate(const KernelContext& ctx, const operators::ActParam& param_act,
              const std::string& op, const float* x, int64_t n, float* out) {
  const lite::x86::math::VecActivationParams act = ToVec(param_act, op);
  // A pool task costs about as much as relu on 256 K floats; sigmoid's exp is ~15x dearer.
  const int64_t min_per_task =
      act.type == lite::x86::math::VecActivation::kSigmoid ? (1 << 14) : (1 << 18);
  ParallelRanges(ctx, n, min_per_task, [&](int64_t begin, int64_t end) {
    lite::x86::math::ActivateAvx2(x + begin, out + begin, end - begin, act);
  });
}

class ActivationCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ActivationParam>();
    const float* x = param.x->template data<float>();
    Activate(ctx(), param.act, op_type(), x, param.x->numel(),
             param.out->template mutable_data<float>());
  }
};

// On NCHW16c data: element for element over the blocked buffer, padding lanes included
// (finite, so they stay so).
class ActivationBlockedCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW16c> {
 public:
  void Run() override {
    auto& param = Param<operators::ActivationParam>();
    const std::string who = op_type() + " (x86 NCHW16c)";
    const float* x = BlockedData(*param.x, who.c_str());
    param.out->Resize(param.x->dims());
    Activate(ctx(), param.act, op_type(), x, BlockedNumel(param.x->dims()),
             MutableBlockedData(param.out, TargetType::kX86));
  }
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

using X86Activation = paddle::lite::kernels::x86::ActivationCompute;
using X86ActivationBlocked = paddle::lite::kernels::x86::ActivationBlockedCompute;
#define PLITE_X86_ACT_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW))

REGISTER_LITE_KERNELS((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid), kX86, kFloat, kNCHW, X86Activation, def)
    .BindInput("X", {PLITE_X86_ACT_TY})
    .BindOutput("Out", {PLITE_X86_ACT_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();

// The NCHW16c twins.
#define PLITE_X86_BLOCKED_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))
REGISTER_LITE_KERNELS((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid), kX86, kFloat, kNCHW16c, X86ActivationBlocked, def)
    .BindInput("X", {PLITE_X86_BLOCKED_TY})
    .BindOutput("Out", {PLITE_X86_BLOCKED_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
