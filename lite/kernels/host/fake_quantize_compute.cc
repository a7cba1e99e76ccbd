// Paddle's quantization ops on host, in float (lite/operators/fake_quantize_ops.h): the
// arithmetic is lite/backends/host/math/fake_quantize.h, here only which scales and how the
// tensor splits into channels.
#include <vector>

#include "lite/backends/host/math/fake_quantize.h"
#include "lite/core/op_registry.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace kernels {
namespace host {

namespace {

namespace math = lite::host::math;
using QuantParam = operators::FakeQuantizeParam;

// [outer, channels, inner] around `axis`; the whole tensor as one channel when axis < 0.
math::QuantShape ShapeAround(const DDim& dims, int axis) {
  math::QuantShape shape;
  if (axis < 0) {
    shape.inner = dims.production();
    return shape;
  }
  for (int d = 0; d < axis; ++d) shape.outer *= dims[d];
  shape.channels = dims[axis];
  for (size_t d = axis + 1; d < dims.size(); ++d) shape.inner *= dims[d];
  return shape;
}

const float* FloatData(const Tensor& t, const char* what, const std::string& op) {
  PLITE_CHECK(t.precision() == PrecisionType::kFloat, "op '", op, "': ", what,
              " must be float32, it holds ", PrecisionToStr(t.precision()));
  return t.data<float>();
}

}  // namespace

class FakeQuantizeCompute
    : public KernelLite<TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW> {
 public:
  void Run() override {
    auto& param = Param<QuantParam>();
    const DDim& dims = param.x->dims();
    const int64_t n = param.x->numel();
    float* out = param.out->mutable_data<float>();
    const float* x = InputAsFloat(param);
    if (param.only_observer) {
      std::copy(x, x + n, out);
      return;
    }
    // A linear op's single scale covers the whole tensor whatever its quant_axis.
    const bool one_scale =
        param.scale_from == QuantParam::ScaleFrom::kTensorAbsMax ||
        (param.scale_from == QuantParam::ScaleFrom::kInput && param.scales[0]->numel() == 1 &&
         param.scales.size() == 1);
    const math::QuantShape shape = ShapeAround(dims, one_scale ? -1 : param.channel_axis);
    const float* scales = Scales(param, x, shape);
    if (param.out_scale) {
      std::copy(scales, scales + shape.channels, param.out_scale->mutable_data<float>());
    }
    if (param.mode == QuantParam::Mode::kDequantize) {
      const float* second =
          param.scales.size() == 2 ? FloatData(*param.scales[1], "Scales[1]", op_type()) : nullptr;
      math::Dequantize(x, shape, scales, second, param.max_range, out);
    } else {
      math::FakeQuantize(x, shape, scales, param.bin_cnt,
                         static_cast<math::QuantRound>(param.round_type),
                         param.mode == QuantParam::Mode::kQuantizeDequantize, out);
    }
  }

 private:
  // X as float: a dequantize op also takes int8 (weights stored quantized).
  const float* InputAsFloat(const QuantParam& param) {
    if (param.x->precision() != PrecisionType::kInt8) return FloatData(*param.x, "X", op_type());
    PLITE_CHECK(param.mode == QuantParam::Mode::kDequantize, "op '", op_type(),
                "': X must be float32, it holds int8");
    const int8_t* q = param.x->data<int8_t>();
    x_float_.assign(q, q + param.x->numel());
    return x_float_.data();
  }

  const float* Scales(const QuantParam& param, const float* x, const math::QuantShape& shape) {
    switch (param.scale_from) {
      case QuantParam::ScaleFrom::kInput:
        return FloatData(*param.scales[0], "the scale", op_type());
      case QuantParam::ScaleFrom::kTensorAbsMax:
        scales_.assign(1, math::AbsMax(x, param.x->numel()));
        return scales_.data();
      case QuantParam::ScaleFrom::kChannelAbsMax:
        scales_.resize(shape.channels);
        math::ChannelAbsMax(x, shape, scales_.data());
        return scales_.data();
    }
    return nullptr;
  }

  std::vector<float> x_float_;
  std::vector<float> scales_;
};

}  // namespace host
}  // namespace kernels
}  // namespace lite
}  // namespace paddle

// The quantize ops take float; the dequantize ops float or int8 X (the int8_x kernels).
REGISTER_LITE_KERNELS((fake_quantize_dequantize_moving_average_abs_max, fake_quantize_dequantize_abs_max, fake_channel_wise_quantize_dequantize_abs_max, fake_quantize_moving_average_abs_max, fake_quantize_range_abs_max, fake_quantize_abs_max, fake_channel_wise_quantize_abs_max, quantize_linear, fake_dequantize_max_abs, fake_channel_wise_dequantize_max_abs, dequantize_linear), kHost, kFloat, kNCHW, paddle::lite::kernels::host::FakeQuantizeCompute, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindInput("InScale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindInput("Scales", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Y", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("OutScale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .Finalize();
REGISTER_LITE_KERNELS((fake_dequantize_max_abs, fake_channel_wise_dequantize_max_abs, dequantize_linear), kHost, kFloat, kNCHW, paddle::lite::kernels::host::FakeQuantizeCompute, int8_x)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt8), DATALAYOUT(kNCHW))})
    .BindInput("Scale", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindInput("Scales", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kAny))})
    .BindOutput("Out", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .BindOutput("Y", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat), DATALAYOUT(kNCHW))})
    .Finalize();
