// fc on fp16 values: Out[M, N] = act(X[M, K] * W[K, N] + bias[N]), X the 2-D view of Input
// at in_num_col_dims. W and Bias stay float in the model (declared kFloat) and are converted
// to fp16 once, so the kernel applies only where they are weights. Each row of X streams W
// where it is stored (GemvFp16; fc's M is the batch or a short sequence), the columns split
// over the threads.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

bool AppliesToFcFp16(const KernelOpView& op) { return Fp16WeightsApply(op, "W", 2); }

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/fp16/convert_fp16.h"
#include "lite/backends/arm/math/fp16/gemv_fp16.h"
#include "lite/core/parallel_ranges.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"
#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

class FcFp16Compute : public KernelLite<TargetType::kARM, PrecisionType::kFP16> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::FcParam>();
    PLITE_CHECK(param.w->dims().size() == 2, "fc (ARM fp16): W must be 2-D, got ", param.w->dims());
    ResizeScratch(&w_, param.w->numel(), "fp16 weights");
    math::FloatToFp16(param.w->data<float>(), w_.data(), param.w->numel());
    if (param.bias) {
      PLITE_CHECK(param.bias->numel() == param.w->dims()[1], "fc (ARM fp16): Bias has ",
                  param.bias->numel(), " values for ", param.w->dims()[1], " columns");
      ResizeScratch(&bias_, param.bias->numel(), "fp16 bias");
      math::FloatToFp16(param.bias->data<float>(), bias_.data(), param.bias->numel());
    }
  }

  void Run() override {
    auto& param = Param<operators::FcParam>();
    const DDim& in = param.input->dims();
    const DDim& w_dims = param.w->dims();
    const int m = static_cast<int>(in.count(0, param.in_num_col_dims));
    const int k = static_cast<int>(in.count(param.in_num_col_dims, in.size()));
    const int n = static_cast<int>(w_dims[1]);
    PLITE_CHECK(w_dims[0] == k, "fc (ARM fp16): W has ", w_dims[0], " rows, Input gives K = ", k);
    const float16* x = param.input->data<float16>();
    float16* out = param.output->mutable_data<float16>();
    const float16* bias = param.bias ? bias_.data() : nullptr;
    // Column ranges of 32 (the GEMV's register block), each task at least ~64 K
    // products.
    constexpr int kBlock = 32;
    const int64_t blocks = (n + kBlock - 1) / kBlock;
    const int64_t min_blocks =
        std::max<int64_t>(1, (1 << 16) / std::max<int64_t>(1, int64_t{m} * k * kBlock));
    ParallelRanges(ctx(), blocks, min_blocks, [&](int64_t b0, int64_t b1) {
      const int j0 = static_cast<int>(b0 * kBlock);
      const int j1 = static_cast<int>(std::min<int64_t>(n, b1 * kBlock));
      math::GemvFp16(m, j1 - j0, k, x, k, w_.data() + j0, n, bias ? bias + j0 : nullptr, param.act,
                     out + j0, n);
    });
  }

 private:
  AlignedVector<float16> w_, bias_;
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

// One line: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNEL(fc, kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(FcFp16Compute), def)
    .BindInput("Input", {PLITE_ARM_FP16_TY})
    .BindInput("W", {PLITE_ARM_FP16_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FP16_FLOAT_TY})
    .BindOutput("Out", {PLITE_ARM_FP16_TY})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Applies(paddle::lite::kernels::arm::AppliesToFcFp16)
    .Finalize();
