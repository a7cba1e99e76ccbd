// depthwise_conv2d for the backends with a direct plane kernel (x86 and ARM, both over
// lite/backends/simd/depthwise_conv_kernel.inc): square 3x3/5x5 filters, stride 1, 2 or
// (2, 1), dilation 1, one filter per channel run direct, bias and the fused activation in
// the kernel's stores; channel planes are split over the predictor's pool when the layer is
// large enough to pay for it. Any other depthwise conv (other filter sizes, dilation,
// channel multiplier != 1) takes the host kernel's im2col + GEMM loop (grouped_conv.h), so
// the kernel accepts everything the host one does.
//
// M names the backend: kTarget, kName (in errors) and
// Planes(x, filters, biases, channels, begin, end, plane, act, out), the planes
// [begin, end) of x (plane i uses channel i % channels).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "lite/backends/simd/depthwise_plane.h"
#include "lite/core/kernel.h"
#include "lite/core/kernel_op_view.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/grouped_conv.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

// The plane loops' specialization the kernel runs for the op (MathSpecializations): its
// filter size and strides. A filter that is not a weight could be any: every one counts.
inline void DirectDepthwiseSpecializations(const KernelOpView& op,
                                           std::vector<std::string>* names) {
  const Tensor* w = op.WeightOf("Filter");
  if (!w) {
    constexpr int kStrides[][2] = {{1, 1}, {2, 2}, {2, 1}};
    for (int k : {3, 5}) {
      for (const auto& s : kStrides) {
        names->push_back(simd::DepthwisePlaneSpecialization(k, s[0], s[1]));
      }
    }
    return;
  }
  const auto strides = op.desc().GetAttrOr<std::vector<int>>("strides", std::vector<int>{1, 1});
  const auto dilations = op.desc().GetAttrOr<std::vector<int>>("dilations", std::vector<int>{1, 1});
  if (w->dims().size() != 4 || w->dims()[2] != w->dims()[3] || strides.size() != 2 ||
      dilations != std::vector<int>{1, 1}) {
    return;
  }
  const std::string name =
      simd::DepthwisePlaneSpecialization(static_cast<int>(w->dims()[2]), strides[0], strides[1]);
  if (!name.empty()) names->push_back(name);
}

template <typename M>
class DirectDepthwiseConvCompute : public KernelLite<M::kTarget, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = this->template Param<operators::ConvParam>();
    const DDim& x_dims = param.x->dims();
    const DDim& w_dims = param.filter->dims();
    PLITE_CHECK(w_dims.size() == 4 && x_dims.size() == 4, "depthwise_conv2d (", M::kName,
                "): Input and Filter must be 4-D, got ", x_dims.size(), "-D and ",
                w_dims.size(), "-D");
    const bool direct = param.groups == x_dims[1] && w_dims[0] == x_dims[1] && w_dims[1] == 1 &&
                        simd::DepthwiseDirectSupports(
                            static_cast<int>(w_dims[2]), static_cast<int>(w_dims[3]),
                            param.strides[0], param.strides[1], param.dilations[0],
                            param.dilations[1]) &&
                        param.paddings[0] >= 0 && param.paddings[2] >= 0;
    if (direct) {
      RunDirect(param);
    } else {
      RunGroupedConv(*this, M::kName, param, &col_);
    }
  }

 private:
  void RunDirect(const operators::ConvParam& param) {
    const DDim& x_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    const int channels = static_cast<int>(x_dims[1]);
    simd::DepthwisePlane plane;
    plane.in_h = static_cast<int>(x_dims[2]);
    plane.in_w = static_cast<int>(x_dims[3]);
    plane.out_h = static_cast<int>(out_dims[2]);
    plane.out_w = static_cast<int>(out_dims[3]);
    plane.kernel = static_cast<int>(param.filter->dims()[2]);
    plane.stride_h = param.strides[0];
    plane.stride_w = param.strides[1];
    plane.pad_top = param.paddings[0];
    plane.pad_left = param.paddings[2];

    const float* x = param.x->template data<float>();
    const float* w = param.filter->template data<float>();
    const float* bias = param.bias ? param.bias->template data<float>() : nullptr;
    float* out = param.output->template mutable_data<float>();
    const int planes = static_cast<int>(x_dims[0]) * channels;

    // A thread only for enough multiply-adds (~50 K, a few microseconds): the spinning pool
    // hands off in well under that, so even ShuffleNetV2's small layers (232x7x7, 24x28x28)
    // gain from a second thread (docs/benchmark.md, Threads).
    const int64_t work = static_cast<int64_t>(planes) * plane.out_h * plane.out_w *
                         plane.kernel * plane.kernel;
    const KernelContext& ctx = this->ctx();
    int threads = ctx.pool ? ctx.pool->threads() : 1;
    threads = static_cast<int>(std::min<int64_t>({threads, planes, work / 50000 + 1}));
    ParallelTasks(ctx, threads, [&](int t) {
      const int begin = static_cast<int>(static_cast<int64_t>(planes) * t / threads);
      const int end = static_cast<int>(static_cast<int64_t>(planes) * (t + 1) / threads);
      M::Planes(x, w, bias, channels, begin, end, plane, param.act, out);
    });
  }

  AlignedVector<float> col_;  // im2col scratch of the generic path
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
