#include "lite/operators/conv_transpose_op.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>

#include "lite/core/op_registry.h"
#include "lite/operators/activation_attrs.h"
#include "lite/operators/conv_window_attrs.h"
#include "lite/operators/spatial_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

// output_padding and output_size are absent, empty or one value per spatial axis (h, w).
std::vector<int> ReadOptionalPair(const std::string& op, const cpp::OpDesc& desc,
                                  const std::string& attr) {
  std::vector<int> values = desc.GetAttrOr<std::vector<int32_t>>(attr, {});
  PLITE_CHECK(values.empty() || values.size() == 2, "op '", op, "': attribute '", attr,
              "' must be empty or have 2 values (h, w), got ", values);
  return values;
}

// Transposed conv output along one axis before output_padding / output_size: the extent
// the input's windows cover, less the paddings cropped off each side.
int64_t TransposedOutputSize(int64_t in, int kernel, int pad_before, int pad_after, int stride,
                             int dilation) {
  return (in - 1) * stride - pad_before - pad_after + int64_t{dilation} * (kernel - 1) + 1;
}

}  // namespace

bool ConvTransposeOpLite::CheckShape() const {
  const std::string& op = Type();
  const DDim& x = param_.x->dims();
  const DDim& w = param_.filter->dims();
  PLITE_CHECK(x.size() == 4, "op '", op, "': Input must be 4-D NCHW, got ", x);
  PLITE_CHECK(w.size() == 4, "op '", op,
              "': Filter must be 4-D [C_in, C_out/groups, KH, KW], got ", w);
  PLITE_CHECK(w[0] == x[1], "op '", op, "': Input has ", x[1], " channels but Filter ", w,
              " expects ", w[0], " (Filter dim 0 is the input channels)");
  PLITE_CHECK(x[1] % param_.groups == 0, "op '", op, "': Input channels ", x[1],
              " are not divisible by groups=", param_.groups);
  PLITE_CHECK(w[1] > 0 && w[2] > 0 && w[3] > 0, "op '", op, "': Filter has an empty dim, ", w);
  if (param_.bias) {
    const int64_t out_c = w[1] * param_.groups;
    PLITE_CHECK(param_.bias->numel() == out_c, "op '", op, "': Bias has ",
                param_.bias->numel(), " values, expected one per output channel (", out_c, ")");
  }
  return true;
}

bool ConvTransposeOpLite::InferShapeImpl() const {
  const std::string& op = Type();
  const DDim& x = param_.x->dims();
  const DDim& w = param_.filter->dims();
  const int kernel[2] = {static_cast<int>(w[2]), static_cast<int>(w[3])};
  param_.paddings = attr_paddings_;
  param_.dilations = attr_dilations_;
  ResolvePadding(x[2], x[3], kernel[0], kernel[1], &param_);

  int64_t out[2];
  for (int i = 0; i < 2; ++i) {
    const char* axis = i == 0 ? "height" : "width";
    const int stride = param_.strides[i];
    const int64_t inferred =
        TransposedOutputSize(x[2 + i], kernel[i], param_.paddings[2 * i],
                             param_.paddings[2 * i + 1], stride, param_.dilations[i]);
    out[i] = inferred;
    if (!param_.output_size.empty()) {
      // output_size picks one of the `stride` sizes whose conv2d gives back the input.
      const int64_t wanted = param_.output_size[i];
      PLITE_CHECK(wanted >= inferred && wanted < inferred + stride, "op '", op,
                  "': attribute 'output_size' ", param_.output_size, " has ", axis, " ", wanted,
                  ", outside [", inferred, ", ", inferred + stride, ") given Input ", x,
                  ", Filter ", w, ", strides ", param_.strides, ", paddings ", param_.paddings,
                  ", dilations ", param_.dilations);
      out[i] = wanted;
    } else if (!param_.output_padding.empty()) {
      const int extra = param_.output_padding[i];
      const int limit = std::max(stride, param_.dilations[i]);
      PLITE_CHECK(extra < limit, "op '", op, "': attribute 'output_padding' ",
                  param_.output_padding, " has ", axis, " ", extra,
                  ", must be below max(stride, dilation) = ", limit);
      out[i] = inferred + extra;
    }
  }
  PLITE_CHECK(out[0] > 0 && out[1] > 0, "op '", op, "': output size ", out[0], "x", out[1],
              " is not positive (Input ", x, ", Filter ", w, ", paddings ", param_.paddings,
              ", strides ", param_.strides, ", dilations ", param_.dilations, ")");
  PLITE_CHECK(out[0] <= std::numeric_limits<int32_t>::max() &&
                  out[1] <= std::numeric_limits<int32_t>::max(),
              "op '", op, "': output size ", out[0], "x", out[1], " exceeds 2^31-1");
  CheckOutputPlane(op, out[0], out[1], param_.paddings);
  param_.output->Resize({x[0], w[1] * param_.groups, out[0], out[1]});
  param_.output->set_lod(param_.x->lod());
  return true;
}

bool ConvTransposeOpLite::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  const std::string& op = Type();
  param_ = ConvTransposeParam();
  param_.x = GetInputTensor(desc, scope, "Input");
  param_.filter = GetInputTensor(desc, scope, "Filter");
  param_.bias = GetOptionalInputTensor(desc, scope, "Bias");
  param_.output = GetOutputTensor(desc, scope, "Output");
  // A size given as a tensor would make the output dims depend on input values.
  PLITE_CHECK(!desc.HasInput("OutputSize"), "op '", op,
              "': input OutputSize is not supported (give attribute 'output_size')");

  static_cast<ConvWindowParam&>(param_) = ReadConvWindow(op, desc);
  attr_paddings_ = param_.paddings;
  attr_dilations_ = param_.dilations;

  param_.output_padding = ReadOptionalPair(op, desc, "output_padding");
  for (int v : param_.output_padding) {
    PLITE_CHECK(v >= 0, "op '", op, "': attribute 'output_padding' must be >= 0, got ",
                param_.output_padding);
  }
  param_.output_size = ReadOptionalPair(op, desc, "output_size");
  for (int v : param_.output_size) {
    PLITE_CHECK(v > 0, "op '", op, "': attribute 'output_size' must be positive, got ",
                param_.output_size);
  }

  // Fused epilogues other runtimes set are refused; act_type is the one our fusion passes
  // write (activation_attrs.h).
  PLITE_CHECK(!desc.GetAttrOr<bool>("fuse_relu", false), "op '", op,
              "': attribute 'fuse_relu' = true (a fused relu) is not supported");
  const std::string fused = desc.GetAttrOr<std::string>("fuse_activation", "");
  PLITE_CHECK(fused.empty(), "op '", op, "': attribute 'fuse_activation' '", fused,
              "' is not supported");
  param_.act = ReadFusedActivation(desc);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((conv2d_transpose, depthwise_conv2d_transpose), paddle::lite::operators::ConvTransposeOpLite);
