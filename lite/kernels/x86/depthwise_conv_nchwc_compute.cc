// depthwise_conv2d on x86 in the channel-blocked layout NCHW16c (lite/core/blocked_layout.h):
// blocked input and output, plain NCHW filter and bias packed once into 16-channel blocks
// (lite/backends/x86/math/nchwc/nchwc_depthwise.h). The blocked-layout planner picks it for
// depthwise convolutions with one filter per channel; any filter size, stride, padding and
// dilation runs (3x3 and 5x5 with stride 1 or 2 on register tiles). Bias and the fused
// activation (any kind) are applied in registers. Rows of (image, channel block) planes are
// split over the predictor's threads when the layer is large enough to pay for it.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc/nchwc_depthwise.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

static_assert(math::kNchwcLanes == kChannelBlock, "the math library's block is the layout's");

class DepthwiseConvNchwcCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW16c> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4, kWho, ": Filter must be 4-D, got ", w);
    channels_ = static_cast<int>(w[0]);
    kernel_h_ = static_cast<int>(w[2]);
    kernel_w_ = static_cast<int>(w[3]);
    CheckOneFilterPerChannel(param);
    filter_.resize(math::NchwcDepthwiseFilterSize(channels_, kernel_h_, kernel_w_));
    math::NchwcDepthwisePackFilter(param.filter->data<float>(), channels_, kernel_h_, kernel_w_,
                                   filter_.data());
    if (param.bias) {
      PLITE_CHECK(param.bias->numel() == channels_, kWho, ": Bias has ", param.bias->numel(),
                  " values for ", channels_, " channels");
    }
    bias_.resize(math::NchwcDepthwiseBiasSize(channels_));
    math::NchwcDepthwisePackBias(param.bias ? param.bias->data<float>() : nullptr, channels_,
                                 bias_.data());
  }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    CheckOneFilterPerChannel(param);
    const DDim& x_dims = param.x->dims();
    const math::NchwcDepthwiseShape s = host::ConvWindowOf(param);

    const float* x = BlockedData(*param.x, kWho);
    float* out = MutableBlockedData(param.output, TargetType::kX86);
    const int64_t planes = x_dims[0] * ChannelBlocks(channels_);
    const int64_t in_plane = static_cast<int64_t>(s.in_h) * s.in_w * kChannelBlock;
    const int64_t out_row = static_cast<int64_t>(s.out_w) * kChannelBlock;
    const int64_t rows = planes * s.out_h;
    if (rows == 0 || s.out_w <= 0) return;

    // A thread only for enough multiply-adds (~50 K per thread, as the NCHW kernel sizes
    // it). Each thread takes a contiguous range of the (image, block, output row) rows, so
    // the split falls across images, blocks and row bands alike.
    const int64_t work = rows * out_row * kernel_h_ * kernel_w_;
    int threads = ctx().pool ? ctx().pool->threads() : 1;
    threads = static_cast<int>(std::min<int64_t>({threads, rows, work / 50000 + 1}));
    ParallelTasks(ctx(), threads, [&](int t) {
      const int64_t begin = rows * t / threads, end = rows * (t + 1) / threads;
      for (int64_t r = begin; r < end;) {
        const int64_t plane = r / s.out_h;
        const int oy0 = static_cast<int>(r % s.out_h);
        const int oy1 = static_cast<int>(std::min<int64_t>(s.out_h, oy0 + end - r));
        const int64_t block = plane % ChannelBlocks(channels_);
        float* dst = out + plane * s.out_h * out_row;
        math::NchwcDepthwiseRows(s, x + plane * in_plane,
                                 filter_.data() + block * kernel_h_ * kernel_w_ * kChannelBlock,
                                 bias_.data() + block * kChannelBlock, param.act, oy0, oy1, dst);
        r += oy1 - oy0;
      }
    });
  }

 private:
  static constexpr const char* kWho = "depthwise_conv2d (x86 NCHW16c)";

  // The blocked kernel has no channel multiplier: its registration does not apply to one
  // (the planner never picks it there), a hand-built program gets this error.
  void CheckOneFilterPerChannel(const operators::ConvParam& param) const {
    const DDim& w = param.filter->dims();
    const DDim& x = param.x->dims();
    PLITE_CHECK(x.size() == 4 && w.size() == 4 && w[1] == 1 && w[0] == x[1] &&
                    param.groups == x[1],
                kWho, ": needs one filter per channel (channel multiplier 1), got Input ", x,
                ", Filter ", w, ", groups ", param.groups);
  }

  int channels_{0}, kernel_h_{0}, kernel_w_{0};
  AlignedVector<float> filter_;  // [blocks][kh][kw][16]
  AlignedVector<float> bias_;    // [blocks][16], zeros without a bias
};

// Where the kernel applies: one filter per channel, channels that pad well.
bool AppliesToDepthwise(const KernelOpView& op) {
  const Tensor* w = op.WeightOf("Filter");
  if (!w || w->dims().size() != 4) return false;
  const int64_t channels = w->dims()[0];
  return w->dims()[1] == 1 && op.desc().GetAttrOr<int>("groups", 1) == channels &&
         ChannelsPadWell(channels, kNchw16c);
}

int64_t DepthwiseChannels(const KernelOpView& op) { return op.WeightOf("Filter")->dims()[0]; }

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_BLOCKED_TY \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))

REGISTER_LITE_KERNEL(depthwise_conv2d, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::DepthwiseConvNchwcCompute, def)
    .BindInput("Input", {PLITE_X86_BLOCKED_TY})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {PLITE_X86_BLOCKED_TY})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Applies(paddle::lite::kernels::x86::AppliesToDepthwise)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::x86::DepthwiseChannels)
    .Finalize();
