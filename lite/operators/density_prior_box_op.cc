#include "lite/operators/density_prior_box_op.h"

#include <cmath>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool DensityPriorBoxOp::CheckShape() const {
  const DDim& in = param_.input->dims();
  const DDim& img = param_.image->dims();
  PLITE_CHECK(in.size() == 4, "op '", Type(), "': Input must be 4-D [N, C, H, W], got ", in);
  PLITE_CHECK(img.size() == 4, "op '", Type(), "': Image must be 4-D [N, C, H, W], got ", img);
  PLITE_CHECK(img[2] > 0 && img[3] > 0, "op '", Type(), "': Image ", img,
              " must have a positive height and width (boxes are divided by them)");
  // Paddle truncates the mean step to an int; it must fit one.
  const bool auto_step = param_.step_w == 0.f || param_.step_h == 0.f;
  const double step_w = auto_step ? static_cast<double>(img[3]) / in[3] : param_.step_w;
  const double step_h = auto_step ? static_cast<double>(img[2]) / in[2] : param_.step_h;
  PLITE_CHECK((step_w + step_h) / 2 < 2147483647.0, "op '", Type(), "': the mean step (",
              step_w, " + ", step_h, ") / 2 for Input ", in, " and Image ", img,
              " does not fit an int");
  return true;
}

bool DensityPriorBoxOp::InferShapeImpl() const {
  const DDim& in = param_.input->dims();
  int64_t num_priors = 0;
  for (int d : param_.densities) {
    num_priors += static_cast<int64_t>(param_.fixed_ratios.size()) * d * d;
  }
  const DDim out = param_.flatten_to_2d ? DDim({DDim({in[2], in[3], num_priors}).production(), 4})
                                        : DDim({in[2], in[3], num_priors, 4});
  param_.boxes->Resize(out);
  param_.variances->Resize(out);
  return true;
}

bool DensityPriorBoxOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = DensityPriorBoxParam();
  param_.input = GetInputTensor(desc, scope, "Input");
  param_.image = GetInputTensor(desc, scope, "Image");
  param_.boxes = GetOutputTensor(desc, scope, "Boxes");
  param_.variances = GetOutputTensor(desc, scope, "Variances");
  param_.fixed_sizes = desc.GetAttrOr<std::vector<float>>("fixed_sizes", {});
  param_.fixed_ratios = desc.GetAttrOr<std::vector<float>>("fixed_ratios", {});
  param_.densities = desc.GetAttrOr<std::vector<int32_t>>("densities", {});
  param_.variances_attr = desc.GetAttr<std::vector<float>>("variances");
  param_.clip = desc.GetAttrOr<bool>("clip", true);
  param_.flatten_to_2d = desc.GetAttrOr<bool>("flatten_to_2d", false);
  param_.step_w = desc.GetAttrOr<float>("step_w", 0.f);
  param_.step_h = desc.GetAttrOr<float>("step_h", 0.f);
  param_.offset = desc.GetAttrOr<float>("offset", 0.5f);

  // Paddle accepts empty lists and then produces no boxes at all; a model doing that is
  // broken, so say so at load instead of handing an empty tensor downstream.
  PLITE_CHECK(!param_.fixed_sizes.empty(), "op '", Type(),
              "': attribute 'fixed_sizes' must not be empty");
  PLITE_CHECK(!param_.fixed_ratios.empty(), "op '", Type(),
              "': attribute 'fixed_ratios' must not be empty");
  PLITE_CHECK(param_.densities.size() == param_.fixed_sizes.size(), "op '", Type(),
              "': attribute 'densities' ", param_.densities, " must hold one value per fixed size ",
              param_.fixed_sizes);
  for (float s : param_.fixed_sizes) {
    PLITE_CHECK(s > 0.f, "op '", Type(), "': attribute 'fixed_sizes' ", param_.fixed_sizes,
                " must be positive");
  }
  for (float r : param_.fixed_ratios) {
    PLITE_CHECK(r > 0.f && std::isfinite(r), "op '", Type(), "': attribute 'fixed_ratios' ",
                param_.fixed_ratios, " must be positive and finite");
  }
  double priors = 0;  // Paddle counts them in an int
  for (int d : param_.densities) {
    PLITE_CHECK(d > 0, "op '", Type(), "': attribute 'densities' ", param_.densities,
                " must be positive");
    priors += static_cast<double>(param_.fixed_ratios.size()) * d * d;
  }
  PLITE_CHECK(priors <= 2147483647.0, "op '", Type(), "': attributes 'densities' ",
              param_.densities, " and 'fixed_ratios' give ", priors,
              " boxes per cell, more than an int holds");
  const auto& var = param_.variances_attr;
  PLITE_CHECK(var.size() == 4, "op '", Type(), "': attribute 'variances' must hold 4 values, got ",
              var);
  for (float v : var) {
    PLITE_CHECK(v > 0.f, "op '", Type(), "': attribute 'variances' ", var, " must be positive");
  }
  PLITE_CHECK(param_.step_w >= 0.f && param_.step_h >= 0.f && std::isfinite(param_.step_w) &&
                  std::isfinite(param_.step_h),
              "op '", Type(), "': attributes 'step_w' ", param_.step_w, " and 'step_h' ",
              param_.step_h, " must be finite and >= 0 (0 = image size / feature size)");
  PLITE_CHECK(std::isfinite(param_.offset), "op '", Type(), "': attribute 'offset' is ",
              param_.offset, " (must be finite)");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(density_prior_box, paddle::lite::operators::DensityPriorBoxOp);
