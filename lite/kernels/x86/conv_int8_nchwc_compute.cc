// conv2d marked enable_int8 (lite/optimizer/passes/int8_quantize_pass.cc) inside an NCHW16c
// chain, on CPUs with AVX512_VNNI: the int8 direct convolution of
// lite/backends/x86/math/nchwc_int8 (the float NCHW16c input quantized per tensor into a
// framed u8 copy, int32 sums, the scale back to float with bias and the fused activation in
// registers), so quantized layers join the blocked regions the float convolutions start
// and pay no layout casts. Between int8 layers it reads and writes int8 (ChainsInt8). One
// group, input channels of at least one block; rows (pixels for pointwise layers) or, for
// deep layers, filter groups split over the pool.
#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/blocked/conv_rules.h"
#include "lite/kernels/host/int8_marked.h"
#include "lite/kernels/x86/conv_int8_nchwc.h"
#include "lite/kernels/x86/int8_blocked_io.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

class ConvInt8NchwcCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kInt8, DataLayoutType::kNCHW16c> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    PLITE_CHECK(NchwcInt8ConvRunner::Takes(param), kWho, ": takes a 4-D filter of one group ",
                "on an AVX512_VNNI CPU, got ", param.filter->dims(), " groups=", param.groups);
    runner_.Prepare(param);
  }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& x = param.x->dims();
    PLITE_CHECK(x.size() == 4 && x[1] == param.filter->dims()[1], kWho, ": Input ", x,
                " does not have the channels the filter ", param.filter->dims(), " takes");
    const lite::x86::math::NchwcInt8Source in = Int8SourceOf(*param.x, param.int8, kWho);
    const lite::x86::math::NchwcInt8Sink out = Int8SinkOf(param.output, param.int8);
    const int64_t in_image = BlockedNumel(x) / x[0];
    const int64_t out_image = BlockedNumel(param.output->dims()) / x[0];
    for (int64_t n = 0; n < x[0]; ++n) {
      runner_.Run(ctx(), param, in.At(n * in_image), out.At(n * out_image), kWho);
    }
  }

 private:
  static constexpr const char* kWho = "conv2d (x86 int8, NCHW16c)";
  NchwcInt8ConvRunner runner_;
};

// An int8 conv of one group whose channels fill blocks well, reading at least one block.
bool AppliesToBlockedInt8(const KernelOpView& op) {
  if (!host::MarkedInt8(op)) return false;
  const Tensor* w = blocked::PaddingWellFilter(op, kNchw16c);
  return w && w->dims()[1] >= kChannelBlock && ChannelsPadWell(w->dims()[1], kNchw16c) &&
         w->dims()[2] * w->dims()[3] <= 256;
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(conv2d, kX86, kInt8, kNCHW16c, paddle::lite::kernels::x86::ConvInt8NchwcCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))})
    .RequireCpuFeature("avx512_vnni", paddle::lite::x86::CpuHasAvx512Vnni)
    .Applies(paddle::lite::kernels::x86::AppliesToBlockedInt8)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::blocked::FilterChannels)
    .ChainsInt8()
    .Finalize();
