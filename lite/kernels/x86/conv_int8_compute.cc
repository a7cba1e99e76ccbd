// conv2d marked enable_int8 (lite/optimizer/passes/int8_quantize_pass.cc) on x86: im2col +
// the int8 GEMM (igemm.h: AVX512_VNNI, AVX-VNNI, AVX2 or portable, by CPU) as the backends
// share it (lite/kernels/host/int8_gemm_layers.h). On AVX512_VNNI CPUs one-group convs run
// the NCHW16c direct tiles instead (conv_int8_nchwc.h), the NCHW input quantized straight
// into their framed copy and the output unblocked after them: no im2col, whose columns
// (K x pixels) outgrow the caches on large planes (2.3x faster on PP-OCRv3's 96 -> 24 3x3
// at 160x160).
#include <cmath>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/int8_marked.h"
#include "lite/kernels/blocked/layout_compute.h"
#include "lite/kernels/x86/conv_int8_nchwc.h"
#include "lite/kernels/x86/int8_gemm.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/kernels/x86/nchw16c_math.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

// The blocked tiles, with the two reorders, beat im2col + GEMM where each output sums many
// products (the reorders cost per value) and the channels fill whole blocks; they run one
// group of at most 256 taps on AVX512_VNNI CPUs (NchwcInt8ConvRunner::Takes).
constexpr int64_t kMinBlockedSums = 256;
bool BlockedTilesPay(const DDim& w, int groups) {
  return groups == 1 && w.size() == 4 && w[2] * w[3] <= 256 &&
         lite::x86::math::NchwcInt8BestIsa() == lite::x86::math::NchwcInt8Isa::kAvx512Vnni &&
         w[1] >= kChannelBlock && ChannelsPadWell(w[1], kNchw16c) &&
         ChannelsPadWell(w[0], kNchw16c) && w[1] * w[2] * w[3] >= kMinBlockedSums;
}

class ConvInt8Compute : public KernelLite<TargetType::kX86, PrecisionType::kInt8> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    if (BlockedTilesPay(param.filter->dims(), param.groups)) {
      blocked_ = NchwcInt8ConvRunner();
      blocked_.Prepare(param);
      return;
    }
    gemm_.Prepare(param);
  }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    if (blocked_.prepared()) return RunBlocked(param);
    gemm_.Run(ctx(), kInt8Gemm, param);
  }

 private:
  static constexpr const char* kWho = "conv2d (x86 int8)";

  // Each image quantized and blocked into the tiles' framed copy in one pass, the NCHW16c
  // tiles, the output unblocked.
  void RunBlocked(const operators::ConvParam& param) {
    const DDim& x = param.x->dims();
    const DDim& y = param.output->dims();
    PLITE_CHECK(x.size() == 4 && x[1] == param.filter->dims()[1], kWho, ": Input ", x,
                " does not have the channels the filter ", param.filter->dims(), " takes");
    PLITE_CHECK(std::isfinite(1.f / param.int8.input), kWho, ": Input0_scale ",
                param.int8.input, " is too small to invert");
    const int64_t in_plane = x[2] * x[3], out_plane = y[2] * y[3];
    const int64_t out_blocks = ChannelBlocks(y[1]);
    ResizeScratch(&blocked_out_, out_blocks * out_plane * kChannelBlock, "the blocked output");
    const float* in = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    for (int64_t n = 0; n < x[0]; ++n) {
      blocked_.Run(ctx(), param,
                   lite::x86::math::NchwcInt8Source::Planar(in + n * x[1] * in_plane,
                                                            1.f / param.int8.input,
                                                            param.int8.round_type == 0),
                   blocked_out_.data(), kWho);
      blocked::ReorderChannelBlocks<Nchw16cMath>(ctx(), false, 1, y[1], out_plane,
                                                 blocked_out_.data(), out + n * y[1] * out_plane);
    }
  }

  host::Int8GemmConv gemm_;
  NchwcInt8ConvRunner blocked_;  // AVX512_VNNI CPUs, one group
  AlignedVector<float> blocked_out_;
};

// Where the kernel runs the blocked tiles with its own reorders: what the blocked-layout
// planner saves by running the op blocked.
bool ReordersForBlockedTiles(const KernelOpView& op) {
  const Tensor* w = op.WeightOf("Filter");
  return w && BlockedTilesPay(w->dims(), op.desc().GetAttrOr<int>("groups", 1));
}


}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(conv2d, kX86, kInt8, kNCHW, paddle::lite::kernels::x86::ConvInt8Compute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx512_vnni", paddle::lite::x86::CpuHasAvx512Vnni)
    .Applies(paddle::lite::kernels::host::MarkedInt8)
    .ReordersAroundBlockedLoops(paddle::lite::kernels::x86::ReordersForBlockedTiles)
    .Finalize();
