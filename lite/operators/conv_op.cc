#include "lite/operators/conv_op.h"

#include <cstdint>
#include <limits>

#include "lite/core/op_registry.h"
#include "lite/operators/activation_attrs.h"
#include "lite/operators/conv_window_attrs.h"
#include "lite/operators/int8_attrs.h"
#include "lite/operators/spatial_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

bool ConvOpLite::CheckShape() const {
  const std::string& op = Type();
  const DDim& x = param_.x->dims();
  const DDim& w = param_.filter->dims();
  PLITE_CHECK(x.size() == 4, "op '", op, "': Input must be 4-D NCHW, got ", x);
  PLITE_CHECK(w.size() == 4, "op '", op, "': Filter must be 4-D [C_out, C_in/groups, KH, KW], got ",
              w);
  PLITE_CHECK(w[1] * param_.groups == x[1], "op '", op, "': Input has ", x[1],
              " channels but Filter ", w, " with groups=", param_.groups, " expects ",
              w[1] * param_.groups);
  PLITE_CHECK(w[0] % param_.groups == 0, "op '", op, "': Filter output channels ", w[0],
              " are not divisible by groups=", param_.groups);
  PLITE_CHECK(w[2] > 0 && w[3] > 0, "op '", op, "': Filter has an empty kernel, ", w);
  if (param_.bias) {
    PLITE_CHECK(param_.bias->numel() == w[0], "op '", op, "': Bias has ", param_.bias->numel(),
                " values, expected one per output channel (", w[0], ")");
  }
  CheckInt8Weight(op, param_.int8, *param_.filter, w[0]);
  return true;
}

bool ConvOpLite::InferShapeImpl() const {
  const std::string& op = Type();
  const DDim& x = param_.x->dims();
  const DDim& w = param_.filter->dims();
  // Kernels index with int: a dilated window past that is refused, not wrapped.
  for (int i = 0; i < 2; ++i) {
    const int64_t dilated = int64_t{attr_dilations_[i]} * (w[2 + i] - 1) + 1;
    PLITE_CHECK(dilated <= std::numeric_limits<int32_t>::max(), "op '", op, "': Filter ", w,
                " with dilations ", attr_dilations_, " spans more than 2^31-1 elements");
  }
  const int kernel[2] = {static_cast<int>(w[2]), static_cast<int>(w[3])};
  param_.paddings = attr_paddings_;
  param_.dilations = attr_dilations_;
  ResolvePadding(x[2], x[3], kernel[0], kernel[1], &param_);
  int64_t out[2];
  for (int i = 0; i < 2; ++i) {
    const int window = param_.dilations[i] * (kernel[i] - 1) + 1;
    out[i] = WindowOutputSize(x[2 + i], window, param_.paddings[2 * i], param_.paddings[2 * i + 1],
                              param_.strides[i]);
  }
  PLITE_CHECK(out[0] > 0 && out[1] > 0, "op '", op, "': output size ", out[0], "x", out[1],
              " is not positive (Input ", x, ", Filter ", w, ", paddings ", param_.paddings,
              ", strides ", param_.strides, ", dilations ", param_.dilations, ")");
  CheckOutputPlane(op, out[0], out[1], param_.paddings);
  param_.output->Resize({x[0], w[0], out[0], out[1]});
  param_.output->set_lod(param_.x->lod());
  return true;
}

bool ConvOpLite::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  const std::string& op = Type();
  param_.x = GetInputTensor(desc, scope, "Input");
  param_.filter = GetInputTensor(desc, scope, "Filter");
  param_.bias = GetOptionalInputTensor(desc, scope, "Bias");
  param_.output = GetOutputTensor(desc, scope, "Output");
  // Exported programs list ResidualData with no argument; a bound one asks for a fused
  // residual add we do not implement.
  PLITE_CHECK(!desc.HasInput("ResidualData"), "op '", op,
              "': input ResidualData (fused residual add) is not supported");

  static_cast<ConvWindowParam&>(param_) = ReadConvWindow(op, desc);
  attr_paddings_ = param_.paddings;
  attr_dilations_ = param_.dilations;
  param_.act = ReadFusedActivation(desc);
  param_.int8 = ReadInt8Scales(desc, "Input", "Filter");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((conv2d, depthwise_conv2d), paddle::lite::operators::ConvOpLite);
