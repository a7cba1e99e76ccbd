#include "lite/operators/group_norm_op.h"

#include <utility>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool GroupNormOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  PLITE_CHECK(x.size() >= 2, "op '", Type(), "': X must have rank >= 2 [N, C, ...], got ", x);
  const int64_t channels = x[1];
  PLITE_CHECK(param_.groups <= channels && channels % param_.groups == 0, "op '", Type(),
              "': attribute 'groups' ", param_.groups, " must divide the ", channels,
              " channels of X ", x);
  const std::pair<const char*, const Tensor*> per_channel[] = {{"Scale", param_.scale},
                                                               {"Bias", param_.bias}};
  for (const auto& arg : per_channel) {
    if (!arg.second) continue;
    const DDim& d = arg.second->dims();
    PLITE_CHECK(d.size() == 1 && d[0] == channels, "op '", Type(), "': ", arg.first, " ", d,
                " must be [", channels, "], one value per channel of X ", x);
  }
  return true;
}

bool GroupNormOp::InferShapeImpl() const {
  const DDim& x = param_.x->dims();
  param_.y->Resize(x);
  param_.y->set_lod(param_.x->lod());
  const DDim stats({x[0], static_cast<int64_t>(param_.groups)});
  if (param_.mean) param_.mean->Resize(stats);
  if (param_.variance) param_.variance->Resize(stats);
  return true;
}

bool GroupNormOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = GroupNormParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.scale = GetOptionalInputTensor(desc, scope, "Scale");
  param_.bias = GetOptionalInputTensor(desc, scope, "Bias");
  param_.y = GetOutputTensor(desc, scope, "Y");
  if (desc.HasOutput("Mean")) param_.mean = GetOutputTensor(desc, scope, "Mean");
  if (desc.HasOutput("Variance")) param_.variance = GetOutputTensor(desc, scope, "Variance");
  param_.epsilon = desc.GetAttrOr<float>("epsilon", 1e-5f);
  // Paddle's attribute checker allows [0, 1].
  PLITE_CHECK(param_.epsilon >= 0.f && param_.epsilon <= 1.f, "op '", Type(),
              "': attribute 'epsilon' is ", param_.epsilon, " (must be in [0, 1])");
  param_.groups = desc.GetAttrOr<int32_t>("groups", 1);
  PLITE_CHECK(param_.groups >= 1, "op '", Type(), "': attribute 'groups' is ", param_.groups,
              " (must be >= 1)");
  const std::string layout = desc.GetAttrOr<std::string>("data_layout", "NCHW");
  PLITE_CHECK(layout == "NCHW", "op '", Type(),
              "': attribute 'data_layout' is '", layout, "'; only NCHW is supported");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(group_norm, paddle::lite::operators::GroupNormOp);
