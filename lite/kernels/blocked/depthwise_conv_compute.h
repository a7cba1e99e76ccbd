// depthwise_conv2d in a channel-blocked layout (lite/core/blocked_layout.h), written once
// for any target whose math offers the blocked depthwise loops (lite/backends/simd/nchwc):
// x86 NCHW16c, ARM NCHW4c. `M` is the target's NchwcMath (kBlock, DepthwiseRows;
// lite/backends/simd/nchwc/nchwc_math.inc) with kTarget, kLayout and kName.
// Blocked input and output, plain NCHW filter and bias packed once into blocks; any filter
// size, stride, padding and dilation (3x3 and 5x5 with stride 1 or 2 on register tiles);
// bias and the fused activation (any kind) in registers. Rows of (image, channel block)
// planes are split over the predictor's threads when the layer is large enough to pay.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>

#include "lite/backends/simd/nchwc/nchwc_depthwise_plan.h"
#include "lite/core/blocked_layout.h"
#include "lite/core/op_registry.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/conv_window.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace blocked {

template <typename M>
class DepthwiseConvCompute
    : public KernelLite<M::kTarget, PrecisionType::kFloat, M::kLayout> {
 public:
  void PrepareForRun() override {
    auto& param = this->template Param<operators::ConvParam>();
    const DDim& w = param.filter->dims();
    PLITE_CHECK(w.size() == 4, Who(), ": Filter must be 4-D, got ", w);
    channels_ = static_cast<int>(w[0]);
    kernel_h_ = static_cast<int>(w[2]);
    kernel_w_ = static_cast<int>(w[3]);
    CheckOneFilterPerChannel(param);
    filter_.resize(simd::NchwcDepthwiseFilterSize(channels_, kernel_h_, kernel_w_, M::kBlock));
    simd::NchwcDepthwisePackFilter(param.filter->template data<float>(), channels_, kernel_h_,
                                   kernel_w_, M::kBlock, filter_.data());
    if (param.bias) {
      PLITE_CHECK(param.bias->numel() == channels_, Who(), ": Bias has ", param.bias->numel(),
                  " values for ", channels_, " channels");
    }
    bias_.resize(simd::NchwcDepthwiseBiasSize(channels_, M::kBlock));
    simd::NchwcDepthwisePackBias(param.bias ? param.bias->template data<float>() : nullptr,
                                 channels_, M::kBlock, bias_.data());
  }

  void Run() override {
    auto& param = this->template Param<operators::ConvParam>();
    CheckOneFilterPerChannel(param);
    const DDim& x_dims = param.x->dims();
    const simd::NchwcDepthwiseShape s = host::ConvWindowOf(param);

    const float* x = BlockedData(*param.x, M::kLayout, Who());
    float* out = MutableBlockedData(param.output, M::kTarget, M::kLayout);
    const int64_t planes = x_dims[0] * ChannelBlocks(channels_, M::kLayout);
    const int64_t in_plane = static_cast<int64_t>(s.in_h) * s.in_w * M::kBlock;
    const int64_t out_row = static_cast<int64_t>(s.out_w) * M::kBlock;
    const int64_t rows = planes * s.out_h;
    if (rows == 0 || s.out_w <= 0) return;

    // A thread only for enough multiply-adds (~50 K per thread, as the NCHW kernel sizes
    // it). Each thread takes a contiguous range of the (image, block, output row) rows, so
    // the split falls across images, blocks and row bands alike.
    const int64_t work = rows * out_row * kernel_h_ * kernel_w_;
    int threads = this->ctx().pool ? this->ctx().pool->threads() : 1;
    threads = static_cast<int>(std::min<int64_t>({threads, rows, work / 50000 + 1}));
    ParallelTasks(this->ctx(), threads, [&](int t) {
      const int64_t begin = rows * t / threads, end = rows * (t + 1) / threads;
      for (int64_t r = begin; r < end;) {
        const int64_t plane = r / s.out_h;
        const int oy0 = static_cast<int>(r % s.out_h);
        const int oy1 = static_cast<int>(std::min<int64_t>(s.out_h, oy0 + end - r));
        const int64_t block = plane % ChannelBlocks(channels_, M::kLayout);
        float* dst = out + plane * s.out_h * out_row;
        M::DepthwiseRows(s, x + plane * in_plane, filter_.data() + block * kernel_h_ * kernel_w_ * M::kBlock,
                bias_.data() + block * M::kBlock, param.act, oy0, oy1, dst);
        r += oy1 - oy0;
      }
    });
  }

 private:
  static const char* Who() {
    static const std::string who = std::string("depthwise_conv2d (") + M::kName + ")";
    return who.c_str();
  }

  // The blocked kernel has no channel multiplier: its registration does not apply to one
  // (the planner never picks it there), a hand-built program gets this error.
  void CheckOneFilterPerChannel(const operators::ConvParam& param) const {
    const DDim& w = param.filter->dims();
    const DDim& x = param.x->dims();
    PLITE_CHECK(x.size() == 4 && w.size() == 4 && w[1] == 1 && w[0] == x[1] &&
                    param.groups == x[1],
                Who(), ": needs one filter per channel (channel multiplier 1), got Input ", x,
                ", Filter ", w, ", groups ", param.groups);
  }

  int channels_{0}, kernel_h_{0}, kernel_w_{0};
  AlignedVector<float> filter_;  // [blocks][kh][kw][block]
  AlignedVector<float> bias_;    // [blocks][block], zeros without a bias
};

}  // namespace blocked
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
