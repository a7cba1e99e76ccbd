// conv2d on x86 writing the channel-blocked layout NCHW16c (lite/core/blocked_layout.h),
// by the direct convolution of lite/backends/x86/math/nchwc_conv.h. Two registrations:
//   def      NCHW16c input (x86_blocked_layout_pass sends pointwise convolutions here)
//   nchw_in  NCHW input: a network's first convolution, reading the image as it comes
// One group; any kernel size, stride, padding and dilation. The filter and bias are packed
// once; bias and every fused activation but sigmoid are applied in registers (sigmoid in a
// pass after). Output rows (pixels, for a pointwise convolution) are split over the pool.
#include <algorithm>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc_conv.h"
#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/kernels/x86/gemm_activation.h"
#include "lite/operators/activation_attrs.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

template <bool kBlockedInput>
class ConvNchwcCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW16c> {
 public:
  void PrepareForRun() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4, Who(), ": Filter must be 4-D, got ", w);
    PLITE_CHECK(param.groups == 1, Who(), ": takes one group, got groups=", param.groups);
    packed_shape_ = math::NchwcConvShape{};
    packed_shape_.out_c = static_cast<int>(w[0]);
    packed_shape_.in_c = static_cast<int>(w[1]);
    packed_shape_.kernel_h = static_cast<int>(w[2]);
    packed_shape_.kernel_w = static_cast<int>(w[3]);
    packed_shape_.blocked_input = kBlockedInput;
    packed_.resize(math::NchwcPackedFilterSize(packed_shape_));
    math::NchwcPackFilter(packed_shape_, param.filter->data<float>(),
                          param.bias ? param.bias->data<float>() : nullptr, packed_.data());
    epilogue_ = math::GemmEpilogue{};
    act_after_ = !ToGemmActivation(param.act, &epilogue_);
  }

  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& x = param.x->dims();
    const DDim& out = param.output->dims();
    PLITE_CHECK(x.size() == 4, Who(), ": Input must be 4-D, got ", x);
    PLITE_CHECK(x[1] == packed_shape_.in_c, Who(), ": Input ", x, " has ", x[1],
                " channels, the filter takes ", packed_shape_.in_c);
    math::NchwcConvShape s = packed_shape_;
    s.in_h = static_cast<int>(x[2]);
    s.in_w = static_cast<int>(x[3]);
    s.out_h = static_cast<int>(out[2]);
    s.out_w = static_cast<int>(out[3]);
    s.stride_h = param.strides[0];
    s.stride_w = param.strides[1];
    s.dilation_h = param.dilations[0];
    s.dilation_w = param.dilations[1];
    s.pad_top = param.paddings[0];
    s.pad_left = param.paddings[2];
    PLITE_CHECK(math::NchwcConvSupports(s), Who(), ": unsupported shape: Input ", x,
                " Filter ", param.filter->dims(), " strides ", s.stride_h, "x", s.stride_w,
                " dilations ", s.dilation_h, "x", s.dilation_w, " paddings ", s.pad_top, ",",
                s.pad_left);

    const float* in = kBlockedInput ? BlockedData(*param.x, Who()) : param.x->data<float>();
    float* dst = MutableBlockedData(param.output, TargetType::kX86);
    const int64_t in_image = kBlockedInput ? BlockedNumel(x) / x[0] : x[1] * x[2] * x[3];
    const int64_t out_image = BlockedNumel(out) / out[0];
    const int blocks = static_cast<int>(ChannelBlocks(s.out_c));
    const int rows = math::NchwcConvRows(s);
    const int tasks = Tasks(s, rows);
    for (int64_t n = 0; n < x[0]; ++n) {
      const float* in_n = in + n * in_image;
      float* out_n = dst + n * out_image;
      ParallelTasks(ctx(), tasks, [&](int t) {
        int r0, r1;
        RowRange(s, rows, t, tasks, &r0, &r1);
        math::NchwcConv(s, in_n, packed_.data(), epilogue_, 0, blocks, r0, r1, out_n);
      });
    }
    if (act_after_) {
      const int64_t total = BlockedNumel(out);
      for (int64_t i = 0; i < total; ++i) dst[i] = operators::ApplyActivation(dst[i], param.act);
    }
  }

 private:
  static const char* Who() {
    return kBlockedInput ? "conv2d (x86 NCHW16c)" : "conv2d (x86 NCHW -> NCHW16c)";
  }

  // One task per thread when each gets enough multiply-adds (~100 K: a hand-off costs a
  // few microseconds at most) and at least one row.
  int Tasks(const math::NchwcConvShape& s, int rows) const {
    const int threads = ctx().pool ? ctx().pool->threads() : 1;
    const int64_t work = static_cast<int64_t>(s.out_c) * s.out_h * s.out_w * s.in_c *
                         s.kernel_h * s.kernel_w;
    return static_cast<int>(std::max<int64_t>(
        1, std::min<int64_t>({threads, rows, work / kMinWorkPerTask})));
  }

  // Task t's rows; a pointwise convolution's pixel ranges start on whole tiles (multiples
  // of kPixelAlign), so only the image's last tile is ragged.
  static void RowRange(const math::NchwcConvShape& s, int rows, int t, int tasks, int* r0,
                       int* r1) {
    const int align = math::NchwcConvIsPointwise(s) ? kPixelAlign : 1;
    const int units = (rows + align - 1) / align;
    *r0 = std::min(rows, static_cast<int>(static_cast<int64_t>(units) * t / tasks) * align);
    *r1 = std::min(rows, static_cast<int>(static_cast<int64_t>(units) * (t + 1) / tasks) * align);
  }

  static constexpr int64_t kMinWorkPerTask = 100000;
  static constexpr int kPixelAlign = 24;  // a multiple of every tile width (6, 8, 12)

  math::NchwcConvShape packed_shape_;
  std::vector<float> packed_;
  math::GemmEpilogue epilogue_;
  bool act_after_{false};
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

#define PLITE_X86_TY(layout__) \
  paddle::lite::GetTensorTy(TARGET(kX86), PRECISION(kFloat), DATALAYOUT(layout__))

REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::ConvNchwcCompute<true>, def)
    .BindInput("Input", {PLITE_X86_TY(kNCHW16c)})
    .BindInput("Filter", {PLITE_X86_TY(kNCHW)})
    .BindInput("Bias", {PLITE_X86_TY(kNCHW)})
    .BindOutput("Output", {PLITE_X86_TY(kNCHW16c)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::ConvNchwcCompute<false>, nchw_in)
    .BindInput("Input", {PLITE_X86_TY(kNCHW)})
    .BindInput("Filter", {PLITE_X86_TY(kNCHW)})
    .BindInput("Bias", {PLITE_X86_TY(kNCHW)})
    .BindOutput("Output", {PLITE_X86_TY(kNCHW16c)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
