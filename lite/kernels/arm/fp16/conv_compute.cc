// conv2d and depthwise_conv2d on fp16 NCHW tensors, with the bias and the fused activation
// in the epilogue. One filter per channel, 3x3 or 5x5, stride 1, 2 or (2, 1), runs direct
// (conv_depthwise.h); every other convolution (any filter, stride, padding, dilation,
// groups) by im2col + the fp16 GEMM, 1x1 stride-1 ones straight on the input (conv_gemm.h).
// Filter and Bias stay float in the model (declared kFloat): they are converted to fp16 and
// packed once, so the kernel applies only where they are weights.
#include "lite/kernels/arm/fp16/fp16_kernel.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

// Where the kernel applies: Filter (and Bias, when bound) are weights, so they can be
// converted and packed once.
bool AppliesToConvFp16(const KernelOpView& op) { return Fp16WeightsApply(op, "Filter", 4); }

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#if PLITE_ARM_CODE
#include <memory>

#include "lite/backends/arm/math/fp16/convert_fp16.h"
#include "lite/kernels/arm/fp16/conv_depthwise.h"
#include "lite/kernels/arm/fp16/conv_gemm.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

class ConvFp16Compute : public KernelLite<TargetType::kARM, PrecisionType::kFP16> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    if (param.bias) {
      const int64_t values = param.bias->numel();
      ResizeScratch(&bias_, values, "fp16 bias");
      lite::arm::math::FloatToFp16(param.bias->data<float>(), bias_.data(), values);
    }
  }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const float16* bias = param.bias ? bias_.data() : nullptr;
    // Checked every run: new input shapes may move the op to the other path.
    if (ConvDepthwiseFp16::Suits(param)) {
      if (!depthwise_) depthwise_ = std::make_unique<ConvDepthwiseFp16>(param, op_type());
      depthwise_->Run(param, bias, ctx());
    } else {
      if (!gemm_) gemm_ = std::make_unique<ConvGemmFp16>(param, op_type());
      gemm_->Run(param, bias, ctx());
    }
  }

 private:
  AlignedVector<float16> bias_;
  std::unique_ptr<ConvDepthwiseFp16> depthwise_;
  std::unique_ptr<ConvGemmFp16> gemm_;
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

REGISTER_LITE_KERNELS((conv2d, depthwise_conv2d), kARM, kFP16, kNCHW, PLITE_ARM_KERNEL(ConvFp16Compute), def)
    .BindInput("Input", {PLITE_ARM_FP16_TY})
    .BindInput("Filter", {PLITE_ARM_FP16_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FP16_FLOAT_TY})
    .BindOutput("Output", {PLITE_ARM_FP16_TY})
    .RequireCpuFeature("fp16", PLITE_ARM_FP16_CPU)
    .Applies(paddle::lite::kernels::arm::AppliesToConvFp16)
    .Finalize();
