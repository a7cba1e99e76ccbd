// conv2d on x86 writing the channel-blocked layout NCHW16c (lite/core/blocked_layout.h),
// by the direct convolution of lite/backends/x86/math/nchwc/nchwc_conv.h, or for 3x3 stride-1
// filters on blocked inputs by Winograd F(4x4, 3x3) (nchwc_winograd.h). Two registrations,
// each saying where it applies (the blocked-layout planner reads them):
//   def      NCHW16c input: pointwise and 3x3 convolutions whose channels pad well
//   nchw_in  NCHW input: a network's first convolution, reading the image as it comes
// One group; any kernel size, stride, padding and dilation. Filters and bias are packed
// once; bias and the fused activation (any kind) are applied in registers. Output rows
// (pixels for a pointwise convolution, 4x4 tiles for Winograd) are split over the pool.
#include <algorithm>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc/nchwc_conv.h"
#include "lite/backends/x86/math/nchwc/nchwc_winograd.h"
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

// 3x3 stride-1 filters run by Winograd F(4x4) on planes of at least this many 4x4 output
// tiles: fewer make the products narrow while the transformed filter (4x the filter) is
// streamed per block, and the NCHW kernel's F(2x2) is faster there (7x7 planes).
constexpr int64_t kMinWinogradTiles = 16;
inline bool WinogradPays(int64_t out_h, int64_t out_w) {
  return ((out_h + 3) / 4) * ((out_w + 3) / 4) >= kMinWinogradTiles;
}

template <bool kBlockedInput>
class ConvNchwcCompute
    : public KernelLite<TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW16c> {
 public:
  void PrepareForRun() override {
    const operators::ConvParam& param = Param<operators::ConvParam>();
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4, Who(), ": Filter must be 4-D, got ", w);
    PLITE_CHECK(param.groups == 1, Who(), ": takes one group, got groups=", param.groups);
    packed_shape_ = math::NchwcConvShape{};
    packed_shape_.out_c = static_cast<int>(w[0]);
    packed_shape_.in_c = static_cast<int>(w[1]);
    packed_shape_.kernel_h = static_cast<int>(w[2]);
    packed_shape_.kernel_w = static_cast<int>(w[3]);
    packed_shape_.blocked_input = kBlockedInput;
    winograd_filter_ = kBlockedInput && w[2] == 3 && w[3] == 3 && param.strides[0] == 1 &&
                       param.strides[1] == 1 && param.dilations[0] == 1 &&
                       param.dilations[1] == 1;
    packed_.clear();
    packed_winograd_.clear();
    act_ = param.act;
  }

  void Run() override {
    const operators::ConvParam& param = Param<operators::ConvParam>();
    const DDim& x = param.x->dims();
    const DDim& out = param.output->dims();
    PLITE_CHECK(x.size() == 4, Who(), ": Input must be 4-D, got ", x);
    PLITE_CHECK(x[1] == packed_shape_.in_c, Who(), ": Input ", x, " has ", x[1],
                " channels, the filter takes ", packed_shape_.in_c);
    math::NchwcConvShape s = packed_shape_;
    static_cast<lite::host::math::ConvWindow&>(s) = host::ConvWindowOf(param);
    PLITE_CHECK(math::NchwcConvSupports(s), Who(), ": unsupported shape: Input ", x,
                " Filter ", param.filter->dims(), " strides ", s.stride_h, "x", s.stride_w,
                " dilations ", s.dilation_h, "x", s.dilation_w, " paddings ", s.pad_top, ",",
                s.pad_left);

    const float* in = kBlockedInput ? BlockedData(*param.x, Who()) : param.x->data<float>();
    float* dst = MutableBlockedData(param.output, TargetType::kX86);
    const int64_t in_image = kBlockedInput ? BlockedNumel(x) / x[0] : x[1] * x[2] * x[3];
    const int64_t out_image = BlockedNumel(out) / out[0];
    if (UsesWinograd(s)) {
      RunWinograd(s, in, dst, x[0], in_image, out_image);
    } else {
      RunDirect(s, in, dst, x[0], in_image, out_image);
    }
  }

 private:
  bool UsesWinograd(const math::NchwcConvShape& s) const {
    return winograd_filter_ && WinogradPays(s.out_h, s.out_w);
  }

  // Each path's filter is packed the first time it runs (a shape change may switch paths).
  const float* DirectFilter() {
    if (packed_.empty()) {
      const operators::ConvParam& param = Param<operators::ConvParam>();
      packed_.resize(math::NchwcPackedFilterSize(packed_shape_));
      math::NchwcPackFilter(packed_shape_, param.filter->data<float>(),
                            param.bias ? param.bias->data<float>() : nullptr, packed_.data());
    }
    return packed_.data();
  }
  const float* WinogradFilter() {
    if (packed_winograd_.empty()) {
      const operators::ConvParam& param = Param<operators::ConvParam>();
      packed_winograd_.resize(
          math::NchwcWinogradFilterSize(packed_shape_.out_c, packed_shape_.in_c));
      math::NchwcWinogradPackFilter(param.filter->data<float>(),
                                    param.bias ? param.bias->data<float>() : nullptr,
                                    packed_shape_.out_c, packed_shape_.in_c,
                                    packed_winograd_.data());
    }
    return packed_winograd_.data();
  }

  // Tasks take rows (pixels), or filter groups when the filter outweighs the image (deep
  // layers): then each core streams only its part of the filter. MobileNetV1's 1024 x 1024
  // x 7 x 7 layer scaled 1.67x on two threads split by pixels.
  void RunDirect(const math::NchwcConvShape& s, const float* in, float* dst, int64_t batch,
                 int64_t in_image, int64_t out_image) {
    const float* filter = DirectFilter();
    const int blocks = static_cast<int>(ChannelBlocks(s.out_c));
    const int groups = (blocks + math::kNchwcGroupBlocks - 1) / math::kNchwcGroupBlocks;
    const int rows = math::NchwcConvRows(s);
    const int64_t pixels = static_cast<int64_t>(s.out_h) * s.out_w;
    const bool by_groups = s.out_c > pixels;
    const int tasks = by_groups ? std::min(groups, Tasks(s, groups)) : Tasks(s, rows);
    for (int64_t n = 0; n < batch; ++n) {
      const float* in_n = in + n * in_image;
      float* out_n = dst + n * out_image;
      ParallelTasks(ctx(), tasks, [&](int t) {
        if (by_groups) {
          const int b0 = groups * t / tasks * math::kNchwcGroupBlocks;
          const int b1 = std::min(blocks, groups * (t + 1) / tasks * math::kNchwcGroupBlocks);
          math::NchwcConv(s, in_n, filter, act_, b0, b1, 0, rows, out_n);
          return;
        }
        int r0, r1;
        RowRange(s, rows, t, tasks, &r0, &r1);
        math::NchwcConv(s, in_n, filter, act_, 0, blocks, r0, r1, out_n);
      });
    }
  }

  // Images of many tile blocks: whole blocks per task, each with its own scratch. Fewer
  // blocks than threads (deep layers are one block): per block, the input transform split by
  // input blocks, then the products and output transform by filter groups.
  void RunWinograd(const math::NchwcConvShape& s, const float* in, float* dst, int64_t batch,
                   int64_t in_image, int64_t out_image) {
    const float* filter = WinogradFilter();
    const int tiles = math::NchwcWinogradTiles(s);
    const int block = math::NchwcWinogradBlockTiles(s);
    const int blocks = (tiles + block - 1) / block;
    const int tasks = Tasks(s, s.out_h);
    const size_t v_size = math::NchwcWinogradInputSize(s, block);
    const size_t m_size = math::NchwcWinogradProductSize(block);
    const int in_blocks = static_cast<int>(ChannelBlocks(s.in_c));
    const int out_blocks = static_cast<int>(ChannelBlocks(s.out_c));
    const int groups = (out_blocks + math::kNchwcGroupBlocks - 1) / math::kNchwcGroupBlocks;
    const bool by_blocks = blocks >= tasks;
    ResizeScratch(&scratch_, by_blocks ? (v_size + m_size) * tasks : v_size + m_size * tasks,
                  "Winograd tiles");
    for (int64_t n = 0; n < batch; ++n) {
      const float* in_n = in + n * in_image;
      float* out_n = dst + n * out_image;
      if (by_blocks) {
        ParallelTasks(ctx(), tasks, [&](int t) {
          float* v = scratch_.data() + (v_size + m_size) * t;
          for (int b = blocks * t / tasks; b < blocks * (t + 1) / tasks; ++b) {
            const int t0 = b * block, t1 = std::min(tiles, t0 + block);
            math::NchwcWinogradInput(s, in_n, t0, t1, 0, in_blocks, v);
            math::NchwcWinogradOutput(s, v, filter, act_, t0, t1, 0, out_blocks, v + v_size,
                                      out_n);
          }
        });
        continue;
      }
      for (int t0 = 0; t0 < tiles; t0 += block) {
        const int t1 = std::min(tiles, t0 + block);
        float* v = scratch_.data();
        ParallelTasks(ctx(), tasks, [&](int t) {
          math::NchwcWinogradInput(s, in_n, t0, t1, in_blocks * t / tasks,
                                   in_blocks * (t + 1) / tasks, v);
        });
        ParallelTasks(ctx(), tasks, [&](int t) {
          const int g0 = groups * t / tasks * math::kNchwcGroupBlocks;
          const int g1 = std::min(out_blocks, groups * (t + 1) / tasks * math::kNchwcGroupBlocks);
          math::NchwcWinogradOutput(s, v, filter, act_, t0, t1, g0, g1,
                                    v + v_size + m_size * t, out_n);
        });
      }
    }
  }

  static const char* Who() {
    return kBlockedInput ? "conv2d (x86 NCHW16c)" : "conv2d (x86 NCHW -> NCHW16c)";
  }

  // One task per thread when each gets enough multiply-adds (~100 K: a hand-off costs a
  // few microseconds at most) and at least one of the `units` split.
  int Tasks(const math::NchwcConvShape& s, int units) const {
    const int threads = ctx().pool ? ctx().pool->threads() : 1;
    const int64_t work = static_cast<int64_t>(s.out_c) * s.out_h * s.out_w * s.in_c *
                         s.kernel_h * s.kernel_w;
    return static_cast<int>(std::max<int64_t>(
        1, std::min<int64_t>({threads, units, work / kMinWorkPerTask})));
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
  bool winograd_filter_{false};  // 3x3, stride 1, dilation 1, blocked input
  AlignedVector<float> packed_;           // direct path
  AlignedVector<float> packed_winograd_;  // Winograd path
  AlignedVector<float> scratch_;
  Activation act_;  // the fused activation
};

// Where the two registrations apply: one group, output channels that pad well; an image
// of fewer input channels than a block (nchw_in), or pointwise and 3x3 filters on input
// channels that pad well, except 3x3 stride-1 layers on planes too small for Winograd
// F(4x4) (def).
const Tensor* ConvFilter(const KernelOpView& op) {
  const Tensor* w = op.WeightOf("Filter");
  const bool one_group = op.desc().GetAttrOr<int>("groups", 1) == 1;
  return w && w->dims().size() == 4 && one_group && ChannelsPadWell(w->dims()[0], kNchw16c)
             ? w
             : nullptr;
}

bool AppliesToImage(const KernelOpView& op) {
  const Tensor* w = ConvFilter(op);
  return w && w->dims()[1] < kChannelBlock;
}

bool AppliesToBlocked(const KernelOpView& op) {
  const Tensor* w = ConvFilter(op);
  if (!w || w->dims()[1] < kChannelBlock || !ChannelsPadWell(w->dims()[1], kNchw16c)) {
    return false;
  }
  const int64_t kh = w->dims()[2], kw = w->dims()[3];
  if (kh == 1 && kw == 1) return true;
  if (kh != 3 || kw != 3) return false;
  const auto strides = op.desc().GetAttrOr<std::vector<int>>("strides", std::vector<int>{1, 1});
  const std::vector<int64_t> out = op.Dims(op.Output("Output"));
  const bool stride1 = strides.size() == 2 && strides[0] == 1 && strides[1] == 1;
  return !(stride1 && out.size() == 4 && !WinogradPays(out[2], out[3]));
}

int64_t FilterChannels(const KernelOpView& op) { return op.WeightOf("Filter")->dims()[0]; }

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
    .Applies(paddle::lite::kernels::x86::AppliesToBlocked)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::x86::FilterChannels)
    .Finalize();
REGISTER_LITE_KERNEL(conv2d, kX86, kFloat, kNCHW16c, paddle::lite::kernels::x86::ConvNchwcCompute<false>, nchw_in)
    .BindInput("Input", {PLITE_X86_TY(kNCHW)})
    .BindInput("Filter", {PLITE_X86_TY(kNCHW)})
    .BindInput("Bias", {PLITE_X86_TY(kNCHW)})
    .BindOutput("Output", {PLITE_X86_TY(kNCHW16c)})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Applies(paddle::lite::kernels::x86::AppliesToImage)
    .StartsBlockedRegion()
    .BlockedChannels(paddle::lite::kernels::x86::FilterChannels)
    .Finalize();
