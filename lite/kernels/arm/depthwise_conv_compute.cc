// depthwise_conv2d on ARM: square 3x3/5x5 filters, stride 1, 2 or (2, 1), dilation 1, one
// filter per channel run direct with NEON (lite/backends/arm/math/depthwise/depthwise_conv.h), bias
// and the fused activation (any kind) in registers; channel planes are split over the
// predictor's thread pool when the layer is large enough to pay for it. Any other depthwise
// conv (other filter sizes, dilation, channel multiplier != 1) takes the host kernel's
// im2col + GEMM loop (lite/kernels/host/grouped_conv.h), so this kernel accepts everything
// the host one does.
#include "lite/kernels/arm/arm_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>
#include <vector>

#include "lite/backends/arm/math/depthwise/depthwise_conv.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/host/grouped_conv.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

class DepthwiseConvCompute : public KernelLite<TargetType::kARM, PrecisionType::kFloat> {
 public:
  void Run() override {
    auto& param = Param<operators::ConvParam>();
    const DDim& x_dims = param.x->dims();
    const DDim& w_dims = param.filter->dims();
    PLITE_CHECK(w_dims.size() == 4 && x_dims.size() == 4,
                "depthwise_conv2d (arm): Input and Filter must be 4-D, got ", x_dims.size(),
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
      host::RunGroupedConv(*this, "arm", param, &col_);
    }
  }

 private:
  void RunDirect(const operators::ConvParam& param) {
    const DDim& x_dims = param.x->dims();
    const DDim& out_dims = param.output->dims();
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
    const int planes = static_cast<int>(x_dims[0]) * channels;

    // A thread only for enough multiply-adds (~50 K): below that the hand-off costs more
    // than the work, as on x86.
    const int64_t work = static_cast<int64_t>(planes) * plane.out_h * plane.out_w *
                         plane.kernel * plane.kernel;
    int threads = ctx().pool ? ctx().pool->threads() : 1;
    threads = static_cast<int>(std::min<int64_t>({threads, planes, work / 50000 + 1}));
    ParallelTasks(ctx(), threads, [&](int t) {
      const int begin = static_cast<int>(static_cast<int64_t>(planes) * t / threads);
      const int end = static_cast<int>(static_cast<int64_t>(planes) * (t + 1) / threads);
      math::DepthwiseConvPlanes(x, w, bias, channels, begin, end, plane, param.act, out);
    });
  }

  std::vector<float> col_;  // im2col scratch of the generic path
};

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE

#define PLITE_ARM_FLOAT_TY \
  paddle::lite::GetTensorTy(TARGET(kARM), PRECISION(kFloat), DATALAYOUT(kNCHW))
// One line: the USE-list generator reads the registration line by line.
REGISTER_LITE_KERNEL(depthwise_conv2d, kARM, kFloat, kNCHW, PLITE_ARM_KERNEL(DepthwiseConvCompute), def)
    .BindInput("Input", {PLITE_ARM_FLOAT_TY})
    .BindInput("Filter", {PLITE_ARM_FLOAT_TY})
    .BindInput("Bias", {PLITE_ARM_FLOAT_TY})
    .BindOutput("Output", {PLITE_ARM_FLOAT_TY})
    .Finalize();
