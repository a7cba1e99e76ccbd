// depthwise_conv2d marked enable_int8 (lite/optimizer/passes/int8_quantize_pass.cc) on ARM,
// every aarch64 CPU: the NEON int8 depthwise convolution of
// lite/backends/arm/math/depthwise/depthwise_int8.h. The float input is quantized per
// tensor band by band as the layer reads it (the float simulation's separate quantize pass
// over the activation, written out and read back, is gone), the sums of int16 products are
// exact, the epilogue scales back with bias and the fused activation. NCHW in and out, one
// filter per channel (channel multiplier 1). Between int8 layers it reads and writes int8
// (ChainsInt8: int8_chain_pass).
#include "lite/kernels/arm/arm_kernel.h"
#include "lite/kernels/host/int8_marked.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cmath>
#include <vector>

#include "lite/backends/arm/math/depthwise/depthwise_int8.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/kernels/host/row_bands.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace am = lite::arm::math;

// Bands of output rows whose quantized input rows take about this many bytes (L1 / L2).
constexpr int64_t kBandBytes = 48 << 10;
// A thread needs about this many multiply-adds to pay its hand-off.
constexpr int64_t kMinMacsPerThread = 50000;

class DepthwiseConvInt8Compute : public KernelLite<TargetType::kARM, PrecisionType::kInt8> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4 && w[1] == 1 && param.groups == w[0], kWho,
                ": needs one filter per channel, got Filter ", w, " groups=", param.groups);
    std::vector<float> scales(w[0]);
    for (int64_t c = 0; c < w[0]; ++c) scales[c] = param.int8.input * param.int8.weight[c];
    filter_ = am::DepthwiseInt8Filter(static_cast<int>(w[0]), static_cast<int>(w[2]),
                                      static_cast<int>(w[3]), param.filter->data<int8_t>(),
                                      scales.data(),
                                      param.bias ? param.bias->data<float>() : nullptr);
  }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& x = param.x->dims();
    const DDim& f = param.filter->dims();
    PLITE_CHECK(x.size() == 4 && f[0] == x[1] && param.groups == x[1], kWho,
                ": needs one filter per channel of Input ", x, ", got Filter ", f,
                " groups=", param.groups);
    const am::ConvWindow win = host::ConvWindowOf(param);
    PLITE_CHECK(am::DepthwiseInt8Supports(win), kWho, ": unsupported shape: Input ", x,
                " Filter ", f, " strides ", win.stride_h, "x", win.stride_w, " paddings ",
                win.pad_top, ",", win.pad_left);
    const float inv_scale = 1.f / param.int8.input;
    const bool int8_in = param.x->precision() == PrecisionType::kInt8;
    PLITE_CHECK(int8_in || std::isfinite(inv_scale), kWho, ": Input0_scale ", param.int8.input,
                " is too small to invert");
    const int channels = static_cast<int>(x[1]);
    const int64_t planes = x[0] * channels;
    const int64_t macs = planes * win.out_h * win.out_w * win.kernel_h * win.kernel_w;
    const int tasks = host::RowBandTasks(ctx(), planes * win.out_h, macs, kMinMacsPerThread);
    const int band_rows = BandRows(win);
    const size_t band_values = am::DepthwiseInt8BandValues(win, band_rows);
    ResizeScratch(&bands_, band_values * tasks, "the quantized input rows");
    const int64_t in_plane = static_cast<int64_t>(win.in_h) * win.in_w;
    const int64_t out_plane = static_cast<int64_t>(win.out_h) * win.out_w;
    const float* in = int8_in ? nullptr : param.x->data<float>();
    const int8_t* in_int8 = int8_in ? param.x->data<int8_t>() : nullptr;
    const bool int8_out = param.int8.output > 0.f;
    float* out = int8_out ? nullptr : param.output->mutable_data<float>();
    int8_t* out_int8 = int8_out ? param.output->mutable_data<int8_t>() : nullptr;
    const bool ties_to_even = param.int8.round_type == 0;
    host::ForEachRowBand(ctx(), tasks, planes, win.out_h, band_rows,
                         [&](int t, int64_t plane, int oy0, int oy1) {
                           am::DepthwiseInt8Input input;
                           am::DepthwiseInt8Output output;
                           if (int8_in) {
                             input.int8_plane = in_int8 + plane * in_plane;
                           } else {
                             input = {in + plane * in_plane, inv_scale, ties_to_even};
                           }
                           if (int8_out) {
                             output.int8_plane = out_int8 + plane * out_plane;
                             output.inv_scale = 1.f / param.int8.output;
                             output.ties_to_even = ties_to_even;
                           } else {
                             output.plane = out + plane * out_plane;
                           }
                           am::DepthwiseInt8Rows(win, input, filter_,
                                                 static_cast<int>(plane % channels), param.act,
                                                 oy0, oy1, bands_.data() + band_values * t,
                                                 output);
                         });
  }

 private:
  static int BandRows(const am::ConvWindow& w) {
    return host::BandRowsWithin(kBandBytes, am::DepthwiseInt8BandValues(w, 1) * 2, w);
  }

  static constexpr const char* kWho = "depthwise_conv2d (ARM int8)";
  am::DepthwiseInt8Filter filter_;
  std::vector<int16_t> bands_;  // one band a task
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {
// The int32 sums of int16 products (|q| <= 128, |w| <= 127) stay exact up to this many taps.
constexpr int64_t kMaxExactTaps = (int64_t{1} << 31) / (128 * 127) - 1;
inline bool AppliesToInt8Depthwise(const KernelOpView& op) {
  return host::MarkedInt8Depthwise(op, kMaxExactTaps);
}
}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNEL(depthwise_conv2d, kARM, kInt8, kNCHW, PLITE_ARM_KERNEL(DepthwiseConvInt8Compute), def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kInt8))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kARM))})
    .Applies(paddle::lite::kernels::arm::AppliesToInt8Depthwise)
    .ChainsInt8()
    .Finalize();
