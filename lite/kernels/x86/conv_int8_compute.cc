// conv2d marked enable_int8 (lite/optimizer/passes/int8_quantize_pass.cc) on x86: the
// float input is quantized per tensor with the model's scale and rounding, unfolded
// (im2col on int8, none for 1x1 stride-1 unpadded layers) and multiplied by the int8
// filter, packed once per group, with the int8 GEMM (igemm.h: AVX512_VNNI, AVX-VNNI, AVX2
// or portable, by CPU). Its epilogue scales the exact int32 sums back to float
// (input scale x filter scale of the channel), adds the bias and applies the fused
// activation: the float simulation's result within float32 rounding. On AVX512_VNNI CPUs
// one-group convs run the NCHW16c direct tiles instead (conv_int8_nchwc.h), the input
// blocked and the output unblocked around them: no im2col, whose columns (K x pixels)
// outgrow the caches on large planes (2.3x faster on PP-OCRv3's 96 -> 24 3x3 at 160x160).
#include <vector>

#include "lite/backends/host/math/im2col.h"
#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm_int8/igemm.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/blocked/layout_compute.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/conv_int8_nchwc.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/kernels/x86/nchw16c_math.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace xm = lite::x86::math;

class ConvInt8Compute : public KernelLite<TargetType::kX86, PrecisionType::kInt8> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    packed_.clear();
    if (BlockedTilesPay(param)) {
      blocked_ = NchwcInt8ConvRunner();
      blocked_.Prepare(param);
      return;
    }
    const DDim& w = param.filter->dims();
    const int groups = param.groups;
    const int m = static_cast<int>(w[0] / groups);
    const int k = static_cast<int>(w[1] * w[2] * w[3]);
    const int8_t* filter = param.filter->data<int8_t>();
    for (int g = 0; g < groups; ++g) {
      packed_.emplace_back(m, k, filter + static_cast<int64_t>(g) * m * k, k);
    }
    scales_.resize(w[0]);
    for (int64_t c = 0; c < w[0]; ++c) scales_[c] = param.int8.input * param.int8.weight[c];
  }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    if (blocked_.prepared()) return RunBlocked(param);
    const DDim& x = param.x->dims();
    const DDim& y = param.output->dims();
    const int groups = param.groups;
    const int in_c = static_cast<int>(x[1]), in_plane = static_cast<int>(x[2] * x[3]);
    const int out_c = static_cast<int>(y[1]), out_plane = static_cast<int>(y[2] * y[3]);
    const int c_per_group = in_c / groups, m = out_c / groups;
    const lite::host::math::ConvWindow win = host::ConvWindowOf(param);
    const bool pointwise = win.kernel_h == 1 && win.kernel_w == 1 && win.stride_h == 1 &&
                           win.stride_w == 1 && win.pad_top == 0 && win.pad_left == 0 &&
                           out_plane == in_plane;
    const int k = c_per_group * win.kernel_h * win.kernel_w;

    quantized_.resize(static_cast<size_t>(in_c) * in_plane);
    if (!pointwise) columns_.resize(static_cast<size_t>(k) * out_plane);
    xm::IgemmOptions options;
    const auto sgemm_options = SgemmOptionsFor(ctx());
    options.threads = sgemm_options.threads;
    options.parallel_for = sgemm_options.parallel_for;
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    const float* in = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    for (int64_t n = 0; n < x[0]; ++n) {
      xm::QuantizeToInt8(in + n * in_c * in_plane, static_cast<long long>(in_c) * in_plane,
                         1.f / param.int8.input, param.int8.round_type == 0, quantized_.data());
      for (int g = 0; g < groups; ++g) {
        const int8_t* group_in =
            quantized_.data() + static_cast<int64_t>(g) * c_per_group * in_plane;
        const int8_t* b = group_in;
        if (!pointwise) {
          lite::host::math::Im2ColRows(group_in, c_per_group, win, 0, win.out_h, columns_.data());
          b = columns_.data();
        }
        xm::Int8Epilogue ep;
        ep.scale = scales_.data() + g * m;
        ep.bias = bias ? bias + g * m : nullptr;
        ep.act = param.act;
        float* group_out = out + (n * out_c + static_cast<int64_t>(g) * m) * out_plane;
        xm::Igemm(out_plane, packed_[g], b, out_plane, group_out, out_plane, ep, options);
      }
    }
  }

 private:
  // The blocked tiles, with the two reorders, beat im2col + GEMM where each output sums many
  // products (the reorders cost per value) and the channels fill whole blocks.
  static bool BlockedTilesPay(const operators::ConvParam& param) {
    if (!NchwcInt8ConvRunner::Takes(param)) return false;
    const DDim& w = param.filter->dims();
    return w[1] >= kChannelBlock && ChannelsPadWell(w[1], kNchw16c) &&
           ChannelsPadWell(w[0], kNchw16c) && w[1] * w[2] * w[3] >= kMinBlockedSums;
  }
  static constexpr int64_t kMinBlockedSums = 256;

  // Each image blocked into scratch, the NCHW16c tiles, the output unblocked.
  void RunBlocked(const operators::ConvParam& param) {
    const DDim& x = param.x->dims();
    const DDim& y = param.output->dims();
    PLITE_CHECK(x.size() == 4 && x[1] == param.filter->dims()[1], "conv2d (x86 int8): Input ",
                x, " does not have the channels the filter ", param.filter->dims(), " takes");
    const int64_t in_plane = x[2] * x[3], out_plane = y[2] * y[3];
    const int64_t in_blocks = ChannelBlocks(x[1]), out_blocks = ChannelBlocks(y[1]);
    ResizeScratch(&blocked_in_, in_blocks * in_plane * kChannelBlock, "the blocked input");
    ResizeScratch(&blocked_out_, out_blocks * out_plane * kChannelBlock, "the blocked output");
    const float* in = param.x->data<float>();
    float* out = param.output->mutable_data<float>();
    for (int64_t n = 0; n < x[0]; ++n) {
      blocked::ReorderChannelBlocks<Nchw16cMath>(ctx(), true, 1, x[1], in_plane,
                                                 in + n * x[1] * in_plane, blocked_in_.data());
      blocked_.Run(ctx(), param, blocked_in_.data(), blocked_out_.data(), "conv2d (x86 int8)");
      blocked::ReorderChannelBlocks<Nchw16cMath>(ctx(), false, 1, y[1], out_plane,
                                                 blocked_out_.data(), out + n * y[1] * out_plane);
    }
  }

  NchwcInt8ConvRunner blocked_;          // AVX512_VNNI CPUs, one group
  AlignedVector<float> blocked_in_, blocked_out_;
  std::vector<xm::PackedInt8A> packed_;  // per group
  std::vector<float> scales_;            // per output channel: input x filter scale
  std::vector<int8_t> quantized_;        // the input of one image, quantized
  std::vector<int8_t> columns_;          // its im2col columns for one group
};

bool IsInt8Conv(const KernelOpView& op) { return op.desc().GetAttrOr<bool>("enable_int8", false); }

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
    .Applies(paddle::lite::kernels::x86::IsInt8Conv)
    .Finalize();
