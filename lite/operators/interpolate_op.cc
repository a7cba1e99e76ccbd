#include "lite/operators/interpolate_op.h"

#include <cstdint>

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

InterpolatePlan PlanInterpolate(const InterpolateParam& param, const std::string& op) {
  const DDim& in = param.x->dims();
  const int64_t in_h = in[2];
  const int64_t in_w = in[3];
  InterpolatePlan plan;
  int64_t out_h = param.out_h;
  int64_t out_w = param.out_w;
  if (!param.size_tensor.empty()) {
    const std::vector<int64_t> size = ReadIntScalars(param.size_tensor, op, "SizeTensor");
    PLITE_CHECK(size.size() == 2, "op '", op, "': SizeTensor must give 2 sizes (h, w), got ",
                size.size());
    out_h = size[0];
    out_w = size[1];
  } else {
    float scale_h = -1.f;
    float scale_w = -1.f;
    if (param.scale_tensor) {
      const std::vector<float> s = ReadFloatValues(*param.scale_tensor, op, "Scale");
      PLITE_CHECK(!s.empty(), "op '", op, "': input 'Scale' is empty");
      scale_h = s[0];
      scale_w = s.size() > 1 ? s[1] : s[0];
      PLITE_CHECK(scale_h > 0.f && scale_w > 0.f, "op '", op, "': input 'Scale' ", s,
                  " must be positive");
    } else if (!param.scale.empty()) {
      scale_h = param.scale[0];
      scale_w = param.scale.size() > 1 ? param.scale[1] : param.scale[0];
    }
    if (scale_h > 0.f && scale_w > 0.f) {
      const float h = static_cast<float>(in_h) * scale_h;
      const float w = static_cast<float>(in_w) * scale_w;
      PLITE_CHECK(h < 2147483648.f && w < 2147483648.f, "op '", op, "': scale ", scale_h, "x",
                  scale_w, " makes an output of ", h, "x", w, ", over 2^31-1 rows or columns");
      out_h = static_cast<int64_t>(h);
      out_w = static_cast<int64_t>(w);
      if (param.ratio_from_scale) {
        plan.scale_h = scale_h;
        plan.scale_w = scale_w;
      }
    }
    if (param.out_size) {
      const std::vector<int64_t> size = ReadIntValues(*param.out_size, op, "OutSize");
      PLITE_CHECK(size.size() == 2, "op '", op, "': OutSize must hold 2 sizes (h, w), got ",
                  size.size());
      out_h = size[0];
      out_w = size[1];
    }
  }
  PLITE_CHECK(out_h > 0 && out_w > 0, "op '", op, "': output size ", out_h, "x", out_w,
              " is not positive (no usable SizeTensor, OutSize, scale or out_h/out_w)");
  PLITE_CHECK(out_h <= INT32_MAX && out_w <= INT32_MAX, "op '", op, "': output size ", out_h,
              "x", out_w, " has over 2^31-1 rows or columns");
  plan.out_h = static_cast<int>(out_h);
  plan.out_w = static_cast<int>(out_w);
  return plan;
}

bool InterpolateOp::CheckShape() const {
  PLITE_CHECK(param_.x->dims().size() == 4, "op '", Type(), "': X must be 4-D NCHW, got ",
              param_.x->dims());
  return true;
}

bool InterpolateOp::InferShapeImpl() const {
  const DDim& in = param_.x->dims();
  const InterpolatePlan plan = PlanInterpolate(param_, Type());
  param_.out->Resize({in[0], in[1], plan.out_h, plan.out_w});
  return true;
}

bool InterpolateOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = InterpolateParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.out_size = GetOptionalInputTensor(desc, scope, "OutSize");
  param_.scale_tensor = GetOptionalInputTensor(desc, scope, "Scale");
  for (Tensor* t : GetInputTensors(desc, scope, "SizeTensor")) param_.size_tensor.push_back(t);
  param_.out_h = desc.GetAttrOr<int32_t>("out_h", -1);
  param_.out_w = desc.GetAttrOr<int32_t>("out_w", -1);
  param_.ratio_from_scale = EndsWith(Type(), "_v2");
  if (desc.HasAttr("scale")) {
    std::vector<float> scale;
    if (desc.GetAttrType("scale") == cpp::AttrType::FLOATS) {
      scale = desc.GetAttr<std::vector<float>>("scale");
    } else {
      scale.push_back(desc.GetAttr<float>("scale"));
    }
    // A non-positive attribute scale means "not given" (exports write 0 or -1 then).
    bool positive = !scale.empty();
    for (float s : scale) positive = positive && s > 0.f;
    if (positive) param_.scale = scale;
  }
  const std::string default_method = StartsWith(Type(), "bilinear") ? "bilinear" : "nearest";
  param_.interp_method = desc.GetAttrOr<std::string>("interp_method", default_method);
  PLITE_CHECK(param_.interp_method == "nearest" || param_.interp_method == "bilinear", "op '",
              Type(), "': attribute 'interp_method' '", param_.interp_method,
              "' is not supported (nearest, bilinear)");
  param_.align_corners = desc.GetAttrOr<bool>("align_corners", false);
  param_.align_mode = desc.GetAttrOr<int32_t>("align_mode", 1);
  PLITE_CHECK(param_.align_mode == 0 || param_.align_mode == 1, "op '", Type(),
              "': attribute 'align_mode' ", param_.align_mode, " is not supported (0 or 1)");
  const std::string layout = desc.GetAttrOr<std::string>("data_layout", "NCHW");
  PLITE_CHECK(layout == "NCHW" || layout == "AnyLayout", "op '", Type(),
              "': attribute 'data_layout' '", layout, "' is not supported (NCHW only)");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((nearest_interp, nearest_interp_v2, bilinear_interp, bilinear_interp_v2), paddle::lite::operators::InterpolateOp);
