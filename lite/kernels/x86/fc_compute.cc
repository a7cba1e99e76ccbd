// fc on x86: Out[M, N] = act(X[M, K] * W[K, N] + bias[N]).
// - M <= kGemvMaxRows (the classifier at batch 1): Gemv streams W once where it is stored,
//   vectorized along N, with bias and activation fused: W is used once per run, so packing
//   it (per run, or a packed copy made once) would only add traffic. 1 x 1024 x 1000:
//   ~0.04 ms against ~0.2-0.4 ms through the SGEMM, whose 6-row tiles are 1/6 used.
// - larger M: one packed SGEMM with W read in place as B. The bias runs along N, not along
//   the GEMM epilogue's rows, so bias and the fused activation are one vector pass over each
//   row afterwards (lite/backends/x86/math/vec/activation.h).
// Registered only for CPUs with AVX2+FMA; the host kernel is the reference.
#include <cstdint>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/gemv.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/backends/x86/math/vec/activation.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

class FcCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::FcParam>();
    const DDim& in = param.input->dims();
    const DDim& w_dims = param.w->dims();
    PLITE_CHECK(w_dims.size() == 2, "fc (x86): W must be 2-D, got ", w_dims);
    const int m = static_cast<int>(in.count(0, param.in_num_col_dims));
    const int k = static_cast<int>(in.count(param.in_num_col_dims, in.size()));
    const int n = static_cast<int>(w_dims[1]);
    PLITE_CHECK(w_dims[0] == k, "fc (x86): W has ", w_dims[0], " rows, Input gives K = ", k);
    const float* x = param.input->data<float>();
    const float* w = param.w->data<float>();
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* out = param.output->mutable_data<float>();

    const math::SgemmOptions options = SgemmOptionsFor(ctx());
    if (m <= kGemvMaxRows) {
      math::GemmEpilogue epilogue;
      epilogue.bias = bias;
      epilogue.act = param.act;
      math::Gemv(m, n, k, x, k, w, n, out, n, epilogue, options);
      return;
    }
    math::Sgemm(m, n, k, 1.f, x, k, w, n, 0.f, out, n, {}, options);
    if (!bias && param.act.kind == ActivationType::kNone) return;
    for (int i = 0; i < m; ++i) {
      float* row = out + static_cast<int64_t>(i) * n;
      math::Activate(row, bias, row, n, param.act);
    }
  }

  // Up to this many rows Gemv (W streamed once per 4 rows) beats the SGEMM.
  static constexpr int kGemvMaxRows = 4;
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(fc, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::FcCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("W", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
