// depthwise_conv2d marked enable_int8 (lite/optimizer/passes/int8_quantize_pass.cc) on
// CPUs with AVX-512F: the int8 depthwise convolution of lite/backends/x86/math/nchwc_int8
// (the float input quantized per tensor band by band as the layer reads it, exact sums of
// int8 products, the scale back to float with bias and the fused activation in registers).
// It replaces the float simulation's separate quantize pass over the activation, which
// cost more than the depthwise layer itself (ch_PP-OCRv3_det_slim: docs/quantization.md).
// NCHW16c inside blocked chains (reading and writing int8 between int8 layers: ChainsInt8);
// NCHW data is blocked and unblocked around the same loops.
// One filter per channel (channel multiplier 1).
#include <algorithm>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_depthwise.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/blocked/conv_rules.h"
#include "lite/kernels/blocked/layout_compute.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/host/int8_marked.h"
#include "lite/kernels/host/row_bands.h"
#include "lite/kernels/x86/int8_blocked_io.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/kernels/x86/nchw16c_math.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace xm = lite::x86::math;

// Bands of output rows whose quantized input rows take about this many bytes (L2).
constexpr int64_t kBandBytes = 96 << 10;
// A thread needs about this many multiply-adds to pay its hand-off.
constexpr int64_t kMinMacsPerThread = 50000;

bool OneFilterPerChannel(const Tensor& filter, const DDim& x, int groups) {
  const DDim& w = filter.dims();
  return w.size() == 4 && x.size() == 4 && w[1] == 1 && w[0] == x[1] && groups == x[1];
}

// Packs the filter once; per call quantizes and convolves the (image, block, output row)
// rows of blocked planes, split over the pool.
class DepthwiseInt8Runner {
 public:
  void Prepare(const operators::ConvParam& param, const char* who) {
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4 && w[1] == 1 && param.groups == w[0], who,
                ": needs one filter per channel, got Filter ", w, " groups=", param.groups);
    shape_ = xm::NchwcInt8DepthwiseShape{};
    shape_.channels = static_cast<int>(w[0]);
    shape_.kernel_h = static_cast<int>(w[2]);
    shape_.kernel_w = static_cast<int>(w[3]);
    std::vector<float> scales(w[0]);
    for (int64_t c = 0; c < w[0]; ++c) scales[c] = param.int8.input * param.int8.weight[c];
    filter_ = xm::NchwcInt8DepthwiseFilter(shape_, param.filter->data<int8_t>(), scales.data(),
                                           param.bias ? param.bias->data<float>() : nullptr);
  }

  // in / out: NCHW16c planes of the conv's input and output shapes.
  void Run(const KernelBase& kernel, const operators::ConvParam& param,
           const xm::NchwcInt8Source& in, const xm::NchwcInt8Sink& out, const char* who) {
    const DDim& x = param.x->dims();
    PLITE_CHECK(OneFilterPerChannel(*param.filter, x, param.groups), who,
                ": needs one filter per channel of Input ", x, ", got Filter ",
                param.filter->dims(), " groups=", param.groups);
    xm::NchwcInt8DepthwiseShape s = shape_;
    static_cast<lite::host::math::ConvWindow&>(s) = host::ConvWindowOf(param);
    PLITE_CHECK(xm::NchwcInt8DepthwiseSupports(s), who, ": unsupported shape: Input ", x,
                " Filter ", param.filter->dims(), " strides ", s.stride_h, "x", s.stride_w,
                " paddings ", s.pad_top, ",", s.pad_left);
    const int64_t blocks = ChannelBlocks(x[1]);
    const int64_t planes = x[0] * blocks;
    const int64_t rows = planes * s.out_h;
    const int64_t macs = rows * s.out_w * kChannelBlock * s.kernel_h * s.kernel_w;
    const int tasks = host::RowBandTasks(kernel.ctx(), rows, macs, kMinMacsPerThread);
    const int band_rows = BandRows(s);
    const size_t band_floats = xm::NchwcInt8DepthwiseBandFloats(s, band_rows);
    kernel.ResizeScratch(&bands_, band_floats * tasks, "the quantized input rows");
    const int64_t in_plane = static_cast<int64_t>(s.in_h) * s.in_w * kChannelBlock;
    const int64_t out_plane = static_cast<int64_t>(s.out_h) * s.out_w * kChannelBlock;
    host::ForEachRowBand(kernel.ctx(), tasks, planes, s.out_h, band_rows,
                         [&](int t, int64_t plane, int oy0, int oy1) {
                           xm::NchwcInt8DepthwiseRows(
                               s, in.At(plane * in_plane), filter_,
                               static_cast<int>(plane % blocks), param.act, oy0, oy1,
                               bands_.data() + band_floats * t, out.At(plane * out_plane));
                         });
  }

 private:
  static int BandRows(const xm::NchwcInt8DepthwiseShape& s) {
    return host::BandRowsWithin(kBandBytes, xm::NchwcInt8DepthwiseBandFloats(s, 1) * 4, s);
  }

  xm::NchwcInt8DepthwiseShape shape_;
  xm::NchwcInt8DepthwiseFilter filter_;
  AlignedVector<float> bands_;  // one band a task
};

class DepthwiseConvInt8NchwcCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kInt8, DataLayoutType::kNCHW16c> {
 public:
  void PrepareForRun() override { runner_.Prepare(Param<operators::ConvParam>(), kWho); }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    runner_.Run(*this, param, Int8SourceOf(*param.x, param.int8, kWho),
                Int8SinkOf(param.output, param.int8), kWho);
  }

 private:
  static constexpr const char* kWho = "depthwise_conv2d (x86 int8, NCHW16c)";
  DepthwiseInt8Runner runner_;
};

// NCHW data: blocked into scratch, the same loops, the output unblocked.
class DepthwiseConvInt8Compute : public KernelLite<TargetType::kX86, PrecisionType::kInt8> {
 public:
  void PrepareForRun() override { runner_.Prepare(Param<operators::ConvParam>(), kWho); }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& x = param.x->dims();
    PLITE_CHECK(OneFilterPerChannel(*param.filter, x, param.groups), kWho,
                ": needs one filter per channel of Input ", x, ", got Filter ",
                param.filter->dims(), " groups=", param.groups);
    const DDim& y = param.output->dims();
    const int64_t in_plane = x[2] * x[3], out_plane = y[2] * y[3];
    const int64_t blocks = ChannelBlocks(x[1]);
    ResizeScratch(&blocked_in_, x[0] * blocks * in_plane * kChannelBlock, "the blocked input");
    ResizeScratch(&blocked_out_, x[0] * blocks * out_plane * kChannelBlock, "the blocked output");
    blocked::ReorderChannelBlocks<Nchw16cMath>(ctx(), true, x[0], x[1], in_plane,
                                               param.x->data<float>(), blocked_in_.data());
    runner_.Run(*this, param,
                xm::NchwcInt8Source(blocked_in_.data(), 1.f / param.int8.input,
                                    param.int8.round_type == 0),
                blocked_out_.data(), kWho);
    blocked::ReorderChannelBlocks<Nchw16cMath>(ctx(), false, x[0], y[1], out_plane,
                                               blocked_out_.data(),
                                               param.output->mutable_data<float>());
  }

 private:
  static constexpr const char* kWho = "depthwise_conv2d (x86 int8)";
  DepthwiseInt8Runner runner_;
  AlignedVector<float> blocked_in_, blocked_out_;
};

// The AVX-512 loops are built and the CPU runs them (the portable ones are a test reference).
bool RunsInt8DepthwiseLoops() {
  return xm::NchwcInt8DepthwiseBestIsa() == xm::NchwcInt8DepthwiseIsa::kAvx512;
}

bool AppliesToInt8Depthwise(const KernelOpView& op) {
  return host::MarkedInt8Depthwise(op, xm::kNchwcInt8DepthwiseMaxTaps);
}

// The NCHW kernel always reorders around the blocked loops.
bool ReordersAlways(const KernelOpView&) { return true; }

bool AppliesToBlockedInt8Depthwise(const KernelOpView& op) {
  const Tensor* w = op.WeightOf("Filter");
  return AppliesToInt8Depthwise(op) && ChannelsPadWell(w->dims()[0], kNchw16c);
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(depthwise_conv2d, kX86, kInt8, kNCHW16c, paddle::lite::kernels::x86::DepthwiseConvInt8NchwcCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(kNCHW16c))})
    .RequireCpuFeature("avx512f", paddle::lite::kernels::x86::RunsInt8DepthwiseLoops)
    .Applies(paddle::lite::kernels::x86::AppliesToBlockedInt8Depthwise)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::blocked::FilterChannels)
    .ChainsInt8()
    .Finalize();

REGISTER_LITE_KERNEL(depthwise_conv2d, kX86, kInt8, kNCHW, paddle::lite::kernels::x86::DepthwiseConvInt8Compute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx512f", paddle::lite::kernels::x86::RunsInt8DepthwiseLoops)
    .Applies(paddle::lite::kernels::x86::AppliesToInt8Depthwise)
    .ReordersAroundBlockedLoops(paddle::lite::kernels::x86::ReordersAlways)
    .Finalize();
