// conv2d on ARM with the NEON SGEMM by the GEMM driver shared with x86
// (lite/kernels/host/gemm_conv.h): the filter of each group is packed once (PrepareForRun;
// weights are constant), then per image and group a 1x1 stride-1 unpadded convolution is
// one GEMM straight on the input, any other one im2col + GEMM over blocks of output rows.
// Bias and the fused activation (any kind) run in the GEMM epilogue. Every conv2d the host
// kernel runs runs here, groups == channels (depthwise) included, by the same GEMM path; the
// host kernel is the reference.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/kernels/arm/sgemm_options.h"
#include "lite/kernels/host/gemm_conv.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace {

// im2col blocks of about 128 KB, in the L2 of a mobile core (256 KB or more) when the GEMM
// reads them, up to 256 KB to keep a block 256 columns wide (stride-2 layers of a few
// columns a row). Blocks the threads share keep the usual size.
constexpr host::Im2colBlocks kIm2colBlocks{32 * 1024, 64 * 1024, 256, 32 * 1024};

}  // namespace

class ConvCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    gemm_.CheckFilter(param);
    gemm_.PackFilter(param);
  }

  void Run() override { gemm_.Run(*this, Param<operators::ConvParam>()); }

 private:
  host::GemmConv<lite::arm::math::GemmEpilogue, lite::arm::math::SgemmOptions> gemm_{
      kPackedSgemm, kIm2colBlocks};
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
REGISTER_LITE_KERNEL(conv2d, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(ConvCompute), def)
    .BindInput("Input", {PLITE_ARM_FLOAT_TY})
    .BindInput("Filter", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Output", {PLITE_ARM_FLOAT_TY})
    .Finalize();
