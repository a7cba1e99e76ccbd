#include "lite/operators/prior_box_op.h"

#include <cmath>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {
// Paddle's expansion: 1.0 first; each ratio not already present (within 1e-6) is added,
// followed by its reciprocal when flipping. Reciprocals count as present for later ratios.
std::vector<float> ExpandAspectRatios(const std::vector<float>& ratios, bool flip) {
  std::vector<float> out{1.f};
  for (float ar : ratios) {
    bool seen = false;
    for (float have : out) seen = seen || std::fabs(ar - have) < 1e-6f;
    if (seen) continue;
    out.push_back(ar);
    if (flip) out.push_back(1.f / ar);
  }
  return out;
}
}  // namespace

bool PriorBoxOp::CheckShape() const {
  const DDim& in = param_.input->dims();
  const DDim& img = param_.image->dims();
  PLITE_CHECK(in.size() == 4, "op '", Type(), "': Input must be 4-D [N, C, H, W], got ", in);
  PLITE_CHECK(img.size() == 4, "op '", Type(), "': Image must be 4-D [N, C, H, W], got ", img);
  PLITE_CHECK(img[2] > 0 && img[3] > 0, "op '", Type(), "': Image ", img,
              " must have a positive height and width (boxes are divided by them)");
  return true;
}

bool PriorBoxOp::InferShapeImpl() const {
  const DDim& in = param_.input->dims();
  const int64_t num_priors =
      static_cast<int64_t>(param_.expanded_aspect_ratios.size() * param_.min_sizes.size() +
                           param_.max_sizes.size());
  const DDim out({in[2], in[3], num_priors, 4});
  param_.boxes->Resize(out);
  param_.variances->Resize(out);
  return true;
}

bool PriorBoxOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = PriorBoxParam();
  param_.input = GetInputTensor(desc, scope, "Input");
  param_.image = GetInputTensor(desc, scope, "Image");
  param_.boxes = GetOutputTensor(desc, scope, "Boxes");
  param_.variances = GetOutputTensor(desc, scope, "Variances");
  param_.min_sizes = desc.GetAttr<std::vector<float>>("min_sizes");
  param_.max_sizes = desc.GetAttrOr<std::vector<float>>("max_sizes", {});
  param_.aspect_ratios = desc.GetAttr<std::vector<float>>("aspect_ratios");
  param_.variances_attr = desc.GetAttr<std::vector<float>>("variances");
  param_.flip = desc.GetAttrOr<bool>("flip", true);
  param_.clip = desc.GetAttrOr<bool>("clip", true);
  param_.step_w = desc.GetAttrOr<float>("step_w", 0.f);
  param_.step_h = desc.GetAttrOr<float>("step_h", 0.f);
  param_.offset = desc.GetAttrOr<float>("offset", 0.5f);
  param_.min_max_aspect_ratios_order = desc.GetAttrOr<bool>("min_max_aspect_ratios_order", false);
  // use_mkldnn / use_quantizer pick Paddle backends and mean nothing here.

  const auto& min_sizes = param_.min_sizes;
  PLITE_CHECK(!min_sizes.empty(), "op '", Type(), "': attribute 'min_sizes' must not be empty");
  for (size_t i = 0; i < min_sizes.size(); ++i) {
    PLITE_CHECK(min_sizes[i] > 0.f, "op '", Type(), "': attribute 'min_sizes' ", min_sizes,
                " must be positive (entry ", i, ")");
  }
  const auto& max_sizes = param_.max_sizes;
  PLITE_CHECK(max_sizes.empty() || max_sizes.size() == min_sizes.size(), "op '", Type(),
              "': attribute 'max_sizes' ", max_sizes, " must be empty or hold one value per min "
              "size ", min_sizes);
  for (size_t i = 0; i < max_sizes.size(); ++i) {
    PLITE_CHECK(max_sizes[i] > min_sizes[i], "op '", Type(), "': attribute 'max_sizes' entry ",
                i, " (", max_sizes[i], ") must be greater than min_sizes entry ", i, " (",
                min_sizes[i], ")");
  }
  for (float ar : param_.aspect_ratios) {
    PLITE_CHECK(ar > 0.f && std::isfinite(ar), "op '", Type(), "': attribute 'aspect_ratios' ",
                param_.aspect_ratios, " must hold positive finite ratios");
  }
  const auto& var = param_.variances_attr;
  PLITE_CHECK(var.size() == 4, "op '", Type(), "': attribute 'variances' must hold 4 values, got ",
              var);
  for (float v : var) {
    PLITE_CHECK(v > 0.f, "op '", Type(), "': attribute 'variances' ", var,
                " must be positive");
  }
  PLITE_CHECK(param_.step_w >= 0.f && param_.step_h >= 0.f && std::isfinite(param_.step_w) &&
                  std::isfinite(param_.step_h),
              "op '", Type(), "': attributes 'step_w' ", param_.step_w, " and 'step_h' ",
              param_.step_h, " must be finite and >= 0 (0 = image size / feature size)");
  PLITE_CHECK(std::isfinite(param_.offset), "op '", Type(), "': attribute 'offset' is ",
              param_.offset, " (must be finite)");
  param_.expanded_aspect_ratios = ExpandAspectRatios(param_.aspect_ratios, param_.flip);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(prior_box, paddle::lite::operators::PriorBoxOp);
