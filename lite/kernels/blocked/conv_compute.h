// conv2d writing a channel-blocked layout (lite/core/blocked_layout.h), written once for any
// target whose math offers the blocked direct convolution (lite/backends/simd/nchwc): x86
// NCHW16c, ARM NCHW4c. `M` is the target's NchwcMath (lite/backends/simd/nchwc/nchwc_math.inc:
// kBlock, Conv) with kTarget, kLayout and kName (lite/kernels/<target>/nchw*c_math.h), and
// kWinograd: 3x3 stride-1 filters on blocked inputs may run the blocked Winograd F(4x4, 3x3)
// through M's Winograd* functions (x86's nchwc_winograd.h).
// kBlockedInput: the input is blocked (def); else NCHW (nchw_in: a network's first
// convolution, reading the image as it comes). One group; any kernel size, stride, padding
// and dilation. Filters and bias are packed once; bias and the fused activation (any kind)
// are applied in registers. Output rows (pixels for a pointwise convolution, 4x4 tiles for
// Winograd) are split over the pool.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "lite/backends/simd/nchwc/nchwc_conv_plan.h"
#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/blocked/conv_rules.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace blocked {

template <typename M, bool kBlockedInput>
class ConvCompute : public KernelLite<M::kTarget, PrecisionType::kFloat, M::kLayout> {
  using Shape = simd::NchwcConvShape;
  static constexpr int kGroupBlocks = simd::kNchwcGroupBlocks;

 public:
  void PrepareForRun() override {
    const operators::ConvParam& param = this->template Param<operators::ConvParam>();
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4, Who(), ": Filter must be 4-D, got ", w);
    PLITE_CHECK(param.groups == 1, Who(), ": takes one group, got groups=", param.groups);
    packed_shape_ = Shape{};
    packed_shape_.out_c = static_cast<int>(w[0]);
    packed_shape_.in_c = static_cast<int>(w[1]);
    packed_shape_.kernel_h = static_cast<int>(w[2]);
    packed_shape_.kernel_w = static_cast<int>(w[3]);
    packed_shape_.blocked_input = kBlockedInput;
    winograd_filter_ = M::kWinograd && kBlockedInput && w[2] == 3 && w[3] == 3 &&
                       param.strides[0] == 1 && param.strides[1] == 1 &&
                       param.dilations[0] == 1 && param.dilations[1] == 1;
    packed_.clear();
    packed_winograd_.clear();
    act_ = param.act;
  }

  void Run() override {
    const operators::ConvParam& param = this->template Param<operators::ConvParam>();
    const DDim& x = param.x->dims();
    const DDim& out = param.output->dims();
    PLITE_CHECK(x.size() == 4, Who(), ": Input must be 4-D, got ", x);
    PLITE_CHECK(x[1] == packed_shape_.in_c, Who(), ": Input ", x, " has ", x[1],
                " channels, the filter takes ", packed_shape_.in_c);
    Shape s = packed_shape_;
    static_cast<lite::host::math::ConvWindow&>(s) = host::ConvWindowOf(param);
    PLITE_CHECK(simd::NchwcConvSupports(s), Who(), ": unsupported shape: Input ", x,
                " Filter ", param.filter->dims(), " strides ", s.stride_h, "x", s.stride_w,
                " dilations ", s.dilation_h, "x", s.dilation_w, " paddings ", s.pad_top, ",",
                s.pad_left);

    const float* in = kBlockedInput ? BlockedData(*param.x, M::kLayout, Who())
                                    : param.x->template data<float>();
    float* dst = MutableBlockedData(param.output, M::kTarget, M::kLayout);
    const int64_t in_image =
        kBlockedInput ? BlockedNumel(x, M::kLayout) / x[0] : x[1] * x[2] * x[3];
    const int64_t out_image = BlockedNumel(out, M::kLayout) / out[0];
    if constexpr (M::kWinograd) {
      if (winograd_filter_ && WinogradPays(s.out_h, s.out_w)) {
        RunWinograd(s, in, dst, x[0], in_image, out_image);
        return;
      }
    }
    RunDirect(s, in, dst, x[0], in_image, out_image);
  }

 private:
  static const char* Who() {
    static const std::string who =
        std::string("conv2d (") + M::kName + (kBlockedInput ? ")" : ", NCHW input)");
    return who.c_str();
  }
  static int Blocks(int channels) { return (channels + M::kBlock - 1) / M::kBlock; }

  // Each path's filter is packed the first time it runs (a shape change may switch paths).
  const float* DirectFilter() {
    if (packed_.empty()) {
      const operators::ConvParam& param = this->template Param<operators::ConvParam>();
      packed_.resize(simd::NchwcPackedFilterSize(packed_shape_, M::kBlock));
      simd::NchwcPackFilter(packed_shape_, M::kBlock, param.filter->template data<float>(),
                    param.bias ? param.bias->template data<float>() : nullptr, packed_.data());
    }
    return packed_.data();
  }

  // Tasks take rows (pixels), or filter groups when the filter outweighs the image (deep
  // layers): then each core streams only its part of the filter. MobileNetV1's 1024 x 1024
  // x 7 x 7 layer scaled 1.67x on two threads split by pixels (x86).
  void RunDirect(const Shape& s, const float* in, float* dst, int64_t batch, int64_t in_image,
                 int64_t out_image) {
    const float* filter = DirectFilter();
    const int blocks = Blocks(s.out_c);
    const int groups = (blocks + kGroupBlocks - 1) / kGroupBlocks;
    const int rows = simd::NchwcConvRows(s);
    const int64_t pixels = static_cast<int64_t>(s.out_h) * s.out_w;
    const bool by_groups = s.out_c > pixels;
    const int tasks = by_groups ? std::min(groups, Tasks(s, groups)) : Tasks(s, rows);
    for (int64_t n = 0; n < batch; ++n) {
      const float* in_n = in + n * in_image;
      float* out_n = dst + n * out_image;
      ParallelTasks(this->ctx(), tasks, [&](int t) {
        if (by_groups) {
          const int b0 = groups * t / tasks * kGroupBlocks;
          const int b1 = std::min(blocks, groups * (t + 1) / tasks * kGroupBlocks);
          M::Conv(s, in_n, filter, act_, b0, b1, 0, rows, out_n);
          return;
        }
        int r0, r1;
        RowRange(s, rows, t, tasks, &r0, &r1);
        M::Conv(s, in_n, filter, act_, 0, blocks, r0, r1, out_n);
      });
    }
  }

  const float* WinogradFilter() {
    if (packed_winograd_.empty()) {
      const operators::ConvParam& param = this->template Param<operators::ConvParam>();
      packed_winograd_.resize(M::WinogradFilterSize(packed_shape_.out_c, packed_shape_.in_c));
      M::WinogradPackFilter(param.filter->template data<float>(),
                            param.bias ? param.bias->template data<float>() : nullptr,
                            packed_shape_.out_c, packed_shape_.in_c, packed_winograd_.data());
    }
    return packed_winograd_.data();
  }

  // Images of many tile blocks: whole blocks per task, each with its own scratch. Fewer
  // blocks than threads (deep layers are one block): per block, the input transform split by
  // input blocks, then the products and output transform by filter groups.
  void RunWinograd(const Shape& s, const float* in, float* dst, int64_t batch,
                   int64_t in_image, int64_t out_image) {
    const float* filter = WinogradFilter();
    const int tiles = M::WinogradTiles(s);
    const int block = M::WinogradBlockTiles(s);
    const int blocks = (tiles + block - 1) / block;
    const int tasks = Tasks(s, s.out_h);
    const size_t v_size = M::WinogradInputSize(s, block);
    const size_t m_size = M::WinogradProductSize(block);
    const int in_blocks = Blocks(s.in_c);
    const int out_blocks = Blocks(s.out_c);
    const int groups = (out_blocks + kGroupBlocks - 1) / kGroupBlocks;
    const bool by_blocks = blocks >= tasks;
    this->ResizeScratch(&scratch_,
                        by_blocks ? (v_size + m_size) * tasks : v_size + m_size * tasks,
                        "Winograd tiles");
    for (int64_t n = 0; n < batch; ++n) {
      const float* in_n = in + n * in_image;
      float* out_n = dst + n * out_image;
      if (by_blocks) {
        ParallelTasks(this->ctx(), tasks, [&](int t) {
          float* v = scratch_.data() + (v_size + m_size) * t;
          for (int b = blocks * t / tasks; b < blocks * (t + 1) / tasks; ++b) {
            const int t0 = b * block, t1 = std::min(tiles, t0 + block);
            M::WinogradInput(s, in_n, t0, t1, 0, in_blocks, v);
            M::WinogradOutput(s, v, filter, act_, t0, t1, 0, out_blocks, v + v_size, out_n);
          }
        });
        continue;
      }
      for (int t0 = 0; t0 < tiles; t0 += block) {
        const int t1 = std::min(tiles, t0 + block);
        float* v = scratch_.data();
        ParallelTasks(this->ctx(), tasks, [&](int t) {
          M::WinogradInput(s, in_n, t0, t1, in_blocks * t / tasks,
                           in_blocks * (t + 1) / tasks, v);
        });
        ParallelTasks(this->ctx(), tasks, [&](int t) {
          const int g0 = groups * t / tasks * kGroupBlocks;
          const int g1 = std::min(out_blocks, groups * (t + 1) / tasks * kGroupBlocks);
          M::WinogradOutput(s, v, filter, act_, t0, t1, g0, g1, v + v_size + m_size * t,
                            out_n);
        });
      }
    }
  }

  // One task per thread when each gets enough multiply-adds (~100 K: a hand-off costs a
  // few microseconds at most) and at least one of the `units` split.
  int Tasks(const Shape& s, int units) const {
    const int threads = this->ctx().pool ? this->ctx().pool->threads() : 1;
    const int64_t work = static_cast<int64_t>(s.out_c) * s.out_h * s.out_w * s.in_c *
                         s.kernel_h * s.kernel_w;
    return static_cast<int>(std::max<int64_t>(
        1, std::min<int64_t>({threads, units, work / kMinWorkPerTask})));
  }

  // Task t's rows; a pointwise convolution's pixel ranges start on whole tiles (multiples
  // of kPixelAlign), so only the image's last tile is ragged.
  static void RowRange(const Shape& s, int rows, int t, int tasks, int* r0, int* r1) {
    const int align = simd::NchwcConvIsPointwise(s) ? kPixelAlign : 1;
    const int units = (rows + align - 1) / align;
    *r0 = std::min(rows, static_cast<int>(static_cast<int64_t>(units) * t / tasks) * align);
    *r1 = std::min(rows, static_cast<int>(static_cast<int64_t>(units) * (t + 1) / tasks) * align);
  }

  static constexpr int64_t kMinWorkPerTask = 100000;
  static constexpr int kPixelAlign = 24;  // a multiple of every target's tile widths (6, 8, 12)

  Shape packed_shape_;
  bool winograd_filter_{false};  // 3x3, stride 1, dilation 1, blocked input, kWinograd
  AlignedVector<float> packed_;           // direct path
  AlignedVector<float> packed_winograd_;  // Winograd path
  AlignedVector<float> scratch_;
  Activation act_;  // the fused activation
};

}  // namespace blocked
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
