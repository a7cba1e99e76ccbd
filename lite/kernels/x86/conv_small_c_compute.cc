#include "lite/kernels/x86/conv_small_c_compute.h"

#include <algorithm>
#include <string>

#include "lite/kernels/x86/context_threads.h"
#include "lite/utils/check.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace x86 {

namespace math = lite::x86::math;

namespace {

bool FilterSuits(const operators::ConvParam& param) {
  if (param.filter == nullptr || param.filter->dims().size() != 4) return false;
  const DDim& w = param.filter->dims();
  return param.groups == 1 && w[1] <= ConvSmallC::kMaxInChannels && param.strides.size() == 2 &&
         param.dilations.size() == 2 && param.paddings.size() == 4 &&
         math::SmallCConvSupports(static_cast<int>(w[1]), static_cast<int>(w[2]),
                                  static_cast<int>(w[3]), param.strides[0], param.strides[1],
                                  param.dilations[0], param.dilations[1]);
}

}  // namespace

bool ConvSmallC::Suits(const operators::ConvParam& param) {
  if (!FilterSuits(param) || param.x == nullptr || param.output == nullptr) return false;
  const DDim& x = param.x->dims();
  const DDim& out = param.output->dims();
  return x.size() == 4 && out.size() == 4 && x[1] == param.filter->dims()[1] &&
         out[1] == param.filter->dims()[0];
}

ConvSmallC::ConvSmallC(const operators::ConvParam& param) {
  PLITE_CHECK(FilterSuits(param), "conv2d (x86 small-channel): needs one group, at most ",
              kMaxInChannels, " input channels and dilation 1, got Filter ",
              param.filter ? param.filter->dims().repr() : std::string("null"), " groups ",
              param.groups);
  const DDim& w = param.filter->dims();
  out_c_ = static_cast<int>(w[0]);
  in_c_ = static_cast<int>(w[1]);
  kernel_h_ = static_cast<int>(w[2]);
  kernel_w_ = static_cast<int>(w[3]);
  if (param.bias) {
    PLITE_CHECK(param.bias->numel() == out_c_, "conv2d (x86 small-channel): Bias has ",
                param.bias->numel(), " values for ", out_c_, " output channels");
  }
  packed_.resize(math::SmallCPackedSize(out_c_, in_c_, kernel_h_, kernel_w_));
  math::SmallCPackFilter(param.filter->data<float>(),
                         param.bias ? param.bias->data<float>() : nullptr, out_c_, in_c_,
                         kernel_h_, kernel_w_, packed_.data());
}

void ConvSmallC::Run(const operators::ConvParam& param, const KernelContext& ctx) {
  const DDim& x = param.x->dims();
  const DDim& out_dims = param.output->dims();
  math::SmallCConvShape s;
  s.in_c = static_cast<int>(x[1]);
  s.in_h = static_cast<int>(x[2]);
  s.in_w = static_cast<int>(x[3]);
  s.out_c = static_cast<int>(out_dims[1]);
  s.out_h = static_cast<int>(out_dims[2]);
  s.out_w = static_cast<int>(out_dims[3]);
  s.kernel_h = kernel_h_;
  s.kernel_w = kernel_w_;
  s.stride_h = param.strides[0];
  s.stride_w = param.strides[1];
  s.pad_top = param.paddings[0];
  s.pad_left = param.paddings[2];
  PLITE_CHECK(s.in_c == in_c_ && s.out_c == out_c_, "conv2d (x86 small-channel): Input has ",
              s.in_c, " channels and Output ", s.out_c, ", the filter was packed for ", in_c_,
              " -> ", out_c_);
  const int batch = static_cast<int>(x[0]);
  float* out = param.output->mutable_data<float>();
  if (batch == 0 || s.out_h <= 0 || s.out_w <= 0) return;

  const int threads = std::max(1, std::min(ctx.pool ? ctx.pool->threads() : 1, s.out_h));
  const size_t scratch_floats = math::SmallCScratchSize(s);
  ResizeScratch(&scratch_, scratch_floats * threads, "conv2d", "direct convolution rows");
  const float* in = param.x->data<float>();
  const int64_t in_image = static_cast<int64_t>(s.in_c) * s.in_h * s.in_w;
  const int64_t out_image = static_cast<int64_t>(s.out_c) * s.out_h * s.out_w;
  for (int n = 0; n < batch; ++n) {
    ParallelTasks(ctx, threads, [&](int t) {
      const int oy0 = static_cast<int>(static_cast<int64_t>(s.out_h) * t / threads);
      const int oy1 = static_cast<int>(static_cast<int64_t>(s.out_h) * (t + 1) / threads);
      math::SmallCConvRows(s, in + n * in_image, packed_.data(), param.act, oy0, oy1,
                           scratch_.data() + scratch_floats * t, out + n * out_image);
    });
  }
}

}  // namespace x86
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
