// fc on ARM: Out[M, N] = act(X[M, K] * W[K, N] + bias[N]), X the 2-D view of Input at
// in_num_col_dims.
// - M <= kGemvRows (the classifier at batch 1): Gemv streams W once where it is stored,
//   vectorized along N, with bias and activation fused (W is used once per run, so packing
//   it would only add traffic; the SGEMM's 8-row tiles would be 1/8 used).
// - larger M: one NEON SGEMM with W as B. The bias runs along N, not along the GEMM
//   epilogue's rows, so bias and the fused activation are one vector pass over each row
//   afterwards.
// The host kernel is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/activation.h"
#include "lite/backends/arm/math/gemm/gemv.h"
#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

class FcCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::FcParam>();
    const DDim& in = param.input->dims();
    const DDim& w_dims = param.w->dims();
    PLITE_CHECK(w_dims.size() == 2, "fc (ARM): W must be 2-D, got ", w_dims);
    const int m = static_cast<int>(in.count(0, param.in_num_col_dims));
    const int k = static_cast<int>(in.count(param.in_num_col_dims, in.size()));
    const int n = static_cast<int>(w_dims[1]);
    PLITE_CHECK(w_dims[0] == k, "fc (ARM): W has ", w_dims[0], " rows, Input gives K = ", k);
    const float* x = param.input->data<float>();
    const float* w = param.w->data<float>();
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* out = param.output->mutable_data<float>();

    const math::SgemmOptions options = SgemmOptionsFor(ctx());
    if (m <= math::kGemvRows) {
      math::GemmEpilogue epilogue;
      epilogue.bias = bias;
      epilogue.act = param.act;
      math::Gemv(m, n, k, x, k, w, n, out, n, epilogue, options);
      return;
    }
    math::Sgemm(m, n, k, 1.f, x, k, w, n, 0.f, out, n, {}, options);
    if (!bias && param.act.kind == ActivationType::kNone) return;
    // Rows in parallel, each task at least ~16 K floats (a task switch costs more below).
    ParallelRanges(ctx(), m, std::max(1, (1 << 14) / std::max(n, 1)), [&](int64_t i0, int64_t i1) {
      for (int64_t i = i0; i < i1; ++i) {
        float* row = out + i * n;
        math::Activate(row, bias, row, n, param.act);
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
REGISTER_LITE_KERNEL(fc, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(FcCompute), def)
    .BindInput("Input", {PLITE_ARM_FLOAT_TY})
    .BindInput("W", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FLOAT_TY})
    .Finalize();
