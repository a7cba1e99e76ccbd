// depthwise_conv2d on x86: square 3x3/5x5 filters, stride 1, 2 or (2, 1), dilation 1, one
// filter per channel run direct with AVX2/FMA or AVX-512 (lite/backends/x86/math/depthwise/depthwise_conv.h),
// bias and the fused activation (any kind) in registers. Channel planes are split over the
// predictor's thread pool when the layer is large enough to pay for it. Any other depthwise conv (other filter sizes,
// dilation, channel multiplier != 1) takes the host kernel's im2col + GEMM loop
// (lite/kernels/host/grouped_conv.h), so this kernel accepts everything the host one does.
#include <algorithm>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/depthwise/depthwise_conv.h"
#include "lite/core/op_registry.h"
#include "lite/kernels/host/grouped_conv.h"
#include "lite/kernels/x86/context_threads.h"
#include "lite/operators/op_params.h"
#include "lite/utils/aligned_vector.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

class DepthwiseConvCompute : public KernelLite<TargetType::kX86, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& x_dims = param.x->dims();
    const DDim& w_dims = param.filter->dims();
    PLITE_CHECK(w_dims.size() == 4 && x_dims.size() == 4,
                "depthwise_conv2d (x86): Input and Filter must be 4-D, got ", x_dims.size(),
                "-D and ", w_dims.size(), "-D");
    const bool direct = param.groups == x_dims[1] && w_dims[0] == x_dims[1] && w_dims[1] == 1 &&
                        math::DepthwiseDirectSupports(
                            static_cast<int>(w_dims[2]), static_cast<int>(w_dims[3]),
                            param.strides[0], param.strides[1], param.dilations[0],
                            param.dilations[1]) &&
                        param.paddings[0] >= 0 && param.paddings[2] >= 0;
    if (direct) {
      RunDirect(param);
    } else {
      host::RunGroupedConv(*this, "x86", param, &col_);
    }
  }

 private:
  void RunDirect(const operators::ConvParam& param) {
    const DDim& x_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
    const int batch = static_cast<int>(x_dims[0]);
    const int channels = static_cast<int>(x_dims[1]);
    math::DepthwisePlane plane;
    plane.in_h = static_cast<int>(x_dims[2]);
    plane.in_w = static_cast<int>(x_dims[3]);
    plane.out_h = static_cast<int>(out_dims[2]);
    plane.out_w = static_cast<int>(out_dims[3]);
    plane.kernel = static_cast<int>(param.filter->dims()[2]);
    plane.stride_h = param.strides[0];
    plane.stride_w = param.strides[1];
    plane.pad_top = param.paddings[0];
    plane.pad_left = param.paddings[2];

    const float* x = param.x->data<float>();
    const float* w = param.filter->data<float>();
    const float* bias = param.bias ? param.bias->data<float>() : nullptr;
    float* out = param.output->mutable_data<float>();
    const int64_t out_plane = static_cast<int64_t>(plane.out_h) * plane.out_w;
    const int kk = plane.kernel * plane.kernel;
    const int planes = batch * channels;

    // A thread only for enough multiply-adds (~50 K, a few microseconds): the spinning pool
    // hands off in well under that, so even ShuffleNetV2's small layers (232x7x7, 24x28x28)
    // gain from a second thread (docs/benchmark.md, Threads).
    const int64_t work = static_cast<int64_t>(planes) * out_plane * kk;
    int threads = ctx().pool ? ctx().pool->threads() : 1;
    threads = static_cast<int>(std::min<int64_t>({threads, planes, work / 50000 + 1}));
    ParallelTasks(ctx(), threads, [&](int t) {
      const int begin = static_cast<int>(static_cast<int64_t>(planes) * t / threads);
      const int end = static_cast<int>(static_cast<int64_t>(planes) * (t + 1) / threads);
      math::DepthwiseConvPlanes(x, w, bias, channels, begin, end, plane, param.act, out);
    });
  }

  AlignedVector<float> col_;  // im2col scratch of the generic path
};

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

// One line: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNEL(depthwise_conv2d, kX86, kFloat, kNCHW, paddle::lite::kernels::x86::DepthwiseConvCompute, def)
    .BindInput("Input", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Filter", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindInput("Bias", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .BindOutput("Output", {paddle::lite::GetTensorTy(TARGET(kX86))})
    .RequireCpuFeature("avx2+fma", paddle::lite::x86::CpuHasAvx2Fma)
    .Finalize();
