#include "lite/kernels/arm/fp16/fp16_kernel.h"

#if PLITE_ARM_CODE
#include <algorithm>
#include <cstdint>

#include "lite/backends/arm/math/fp16/convert_fp16.h"
#include "lite/backends/arm/math/fp16/depthwise_fp16.h"
#include "lite/core/memory.h"
#include "lite/core/parallel_ranges.h"
#include "lite/kernels/arm/fp16/conv_depthwise.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace arm {

namespace math = lite::arm::math;

bool ConvDepthwiseFp16::Suits(const operators::ConvParam& param) {
  const DDim& x = param.x->dims();
  const DDim& w = param.filter->dims();
  return x.size() == 4 && w.size() == 4 && w[0] == x[1] && w[1] == 1 && param.groups == x[1] &&
         math::DepthwiseFp16Supports(static_cast<int>(w[2]), static_cast<int>(w[3]),
                                     param.strides[0], param.strides[1], param.dilations[0],
                                     param.dilations[1]) &&
         param.paddings[0] >= 0 && param.paddings[2] >= 0;
}

ConvDepthwiseFp16::ConvDepthwiseFp16(const operators::ConvParam& param, const std::string& op_type)
    : op_(op_type) {
  const int64_t values = param.filter->numel();
  ResizeScratch(&filter_, values, op_.c_str(), "fp16 filter");
  math::FloatToFp16(param.filter->data<float>(), filter_.data(), values);
}

void ConvDepthwiseFp16::Run(const operators::ConvParam& param, const float16* bias,
                            const KernelContext& ctx) {
  const DDim& x_dims = param.x->dims();
  const DDim& out_dims = param.output->dims();
  const int channels = static_cast<int>(x_dims[1]);
  const int kernel = static_cast<int>(param.filter->dims()[2]);
  const int taps = kernel * kernel;
  PLITE_CHECK(static_cast<int64_t>(channels) * taps == static_cast<int64_t>(filter_.size()), op_,
              " (ARM fp16): Input has ", channels, " channels, the filter ", filter_.size() / taps);
  math::DepthwiseFp16Plane plane;
  plane.in_h = static_cast<int>(x_dims[2]);
  plane.in_w = static_cast<int>(x_dims[3]);
  plane.out_h = static_cast<int>(out_dims[2]);
  plane.out_w = static_cast<int>(out_dims[3]);
  plane.kernel = kernel;
  plane.stride_h = param.strides[0];
  plane.stride_w = param.strides[1];
  plane.pad_top = param.paddings[0];
  plane.pad_left = param.paddings[2];
  const int planes = static_cast<int>(x_dims[0]) * channels;
  if (planes == 0 || plane.out_h <= 0 || plane.out_w <= 0) return;

  // A task for at least ~64 K multiply-adds: a pool hand-off costs about as much.
  const int64_t work = static_cast<int64_t>(planes) * plane.out_h * plane.out_w * taps;
  const int threads = ctx.pool ? ctx.pool->threads() : 1;
  const int tasks = static_cast<int>(std::min<int64_t>({threads, planes, work / 65536 + 1}));
  const long long scratch_size = math::DepthwiseFp16ScratchSize(plane);
  ResizeScratch(&scratch_, scratch_size * tasks, op_.c_str(), "padded planes");
  const float16* x = param.x->data<float16>();
  float16* out = param.output->mutable_data<float16>();
  ParallelTasks(ctx, tasks, [&](int t) {
    const int begin = static_cast<int>(static_cast<int64_t>(planes) * t / tasks);
    const int end = static_cast<int>(static_cast<int64_t>(planes) * (t + 1) / tasks);
    math::DepthwiseFp16(x, filter_.data(), bias, channels, begin, end, plane, param.act,
                        scratch_.data() + scratch_size * t, out);
  });
}

}  // namespace arm
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
#endif  // PLITE_ARM_CODE
