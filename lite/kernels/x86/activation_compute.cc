// Standalone activations on x86, every kind by the vector form (lite/backends/x86/math/vec/
// activation.h: 16 floats per zmm where the CPU has AVX-512, else 8 per ymm), large tensors
// split over the predictor's pool. Registered for CPUs with AVX2+FMA; the host kernel is the
// reference.
#include <string>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/activation.h"
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

// Kinds of a few vector operations per element; the others evaluate an exp or a division.
bool IsCheap(ActivationType kind) {
  switch (kind) {
    case ActivationType::kNone:
    case ActivationType::kRelu:
    case ActivationType::kRelu6:
    case ActivationType::kLeakyRelu:
    case ActivationType::kAbs:
    case ActivationType::kHardSigmoid:
      return true;
    default:
      return false;
  }
}

}  // namespace

// `n` floats of x activated into out, split over the context's pool.
void Activate(const KernelContext& ctx, const Activation& act, const float* x, int64_t n,
              float* out) {
  // A pool task costs about as much as relu on 256 K floats; exp is ~15x dearer.
  const int64_t min_per_task = IsCheap(act.kind) ? (1 << 18) : (1 << 14);
  ParallelRanges(ctx, n, min_per_task, [&](int64_t begin, int64_t end) {
    lite::x86::math::Activate(x + begin, nullptr, out + begin, end - begin, act);
  });
}

class ActivationCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ActivationParam>();
    const float* x = param.x->template data<float>();
    Activate(ctx(), param.act, x, param.x->numel(), param.out->template mutable_data<float>());
  }
};

// On NCHW16c data: element for element over the blocked buffer, padding lanes included
// (they stay finite).
class ActivationBlockedCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW16c> {
 public:
  void Run() override {
    auto& param = Param<operators::ActivationParam>();
    const std::string who = op_type() + " (x86 NCHW16c)";
    const float* x = BlockedData(*param.x, who.c_str());
    param.out->Resize(param.x->dims());
    float* out = MutableBlockedData(param.out, TargetType::kX86);
    Activate(ctx(), param.act, x, BlockedNumel(param.x->dims()), out);
    if (param.act.kind == ActivationType::kExp) ZeroPaddingLanes(param.x->dims(), out);
  }

 private:
  // exp alone can take a finite padding lane to inf (readers multiply those lanes by zero
  // weights, and 0 * inf is NaN): they are set back to zero.
  static void ZeroPaddingLanes(const DDim& dims, float* out) {
    const int64_t used = dims[1] % kChannelBlock;
    if (used == 0) return;
    const int64_t blocks = ChannelBlocks(dims[1]);
    const int64_t pixels = dims[2] * dims[3];
    for (int64_t n = 0; n < dims[0]; ++n) {
      float* last = out + ((n * blocks + blocks - 1) * pixels) * kChannelBlock;
      for (int64_t p = 0; p < pixels; ++p) {
        for (int64_t c = used; c < kChannelBlock; ++c) last[p * kChannelBlock + c] = 0.f;
      }
    }
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

REGISTER_LITE_KERNELS((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid, swish, tanh, gelu, exp, abs), kX86, kFloat, kNCHW, X86Activation, def)
    .BindInput("X", {PLITE_X86_ACT_TY})
    .BindOutput("Out", {PLITE_X86_ACT_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();

// The NCHW16c twins.
#define PLITE_X86_BLOCKED_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))
REGISTER_LITE_KERNELS((relu, relu6, leaky_relu, hard_swish, hard_sigmoid, sigmoid, swish, tanh, gelu, exp, abs), kX86, kFloat, kNCHW16c, X86ActivationBlocked, def)
    .BindInput("X", {PLITE_X86_BLOCKED_TY})
    .BindOutput("Out", {PLITE_X86_BLOCKED_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
