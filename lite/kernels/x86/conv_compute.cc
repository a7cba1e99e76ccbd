#include "lite/kernels/x86/conv_compute.h"

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace {

// im2col blocks of about 256 KB, up to 512 KB to keep a block 256 columns wide: SqueezeNet's
// 16 -> 64 3x3 layers at 56x56 ran 11% faster with 8-row blocks than with 16; ResNet18's
// stride-2 3x3 layers (7 to 28 columns a row) lost 10-60% with blocks under ~100 columns.
// Blocks the threads share grow to 1 MB (ResNet18's 128 -> 256 3x3 s2 layer at 14x14).
constexpr host::Im2colBlocks kIm2colBlocks{64 * 1024, 128 * 1024, 256, 256 * 1024};

}  // namespace

ConvCompute::ConvCompute() : gemm_(kPackedSgemm, kIm2colBlocks) {}

void ConvCompute::PrepareForRun() {
  auto& param = Param<operators::ConvParam>();
  gemm_.CheckFilter(param);
  // Few input channels (a CNN's first convolution): direct convolution instead.
  if (ConvSmallC::Suits(param)) {
    small_c_ = std::make_unique<ConvSmallC>(param);
  } else if (ConvWinograd::Suits(param)) {
    // 3x3 stride-1 convolutions with enough channels and tiles run by Winograd instead.
    winograd_ = std::make_unique<ConvWinograd>(param);
  } else {
    gemm_.PackFilter(param);
  }
}

void ConvCompute::Run() {
  auto& param = Param<operators::ConvParam>();
  if (ConvSmallC::Suits(param)) {  // also after a shape change that makes it suit
    if (!small_c_) small_c_ = std::make_unique<ConvSmallC>(param);
    small_c_->Run(param, ctx());
    return;
  }
  if (ConvWinograd::Suits(param)) {  // also after a shape change that makes it suit
    if (!winograd_) winograd_ = std::make_unique<ConvWinograd>(param);
    winograd_->Run(param, ctx());
    return;
  }
  gemm_.Run(*this, param);  // packs the filter if a shape change left the other paths
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::ConvCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
