#include "lite/operators/layer_norm_op.h"

#include <cmath>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool LayerNormOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  PLITE_CHECK(static_cast<size_t>(param_.begin_norm_axis) < x.size(), "op '", Type(),
              "': attribute 'begin_norm_axis' ", param_.begin_norm_axis,
              " must be less than the rank of X ", x);
  const int64_t right = x.count(param_.begin_norm_axis, x.size());
  const std::pair<const char*, const Tensor*> per_column[] = {{"Scale", param_.scale},
                                                              {"Bias", param_.bias}};
  for (const auto& arg : per_column) {
    if (!arg.second) continue;
    const DDim& d = arg.second->dims();
    PLITE_CHECK(d.size() == 1 && d[0] == right, "op '", Type(), "': ", arg.first, " ", d,
                " must be [", right, "], the size of X ", x, " from begin_norm_axis ",
                param_.begin_norm_axis, " on");
  }
  return true;
}

bool LayerNormOp::InferShapeImpl() const {
  const DDim& x = param_.x->dims();
  param_.y->Resize(x);
  param_.y->set_lod(param_.x->lod());
  const DDim stats({x.count(0, param_.begin_norm_axis)});
  if (param_.mean) param_.mean->Resize(stats);
  if (param_.variance) param_.variance->Resize(stats);
  return true;
}

bool LayerNormOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = LayerNormParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.scale = GetOptionalInputTensor(desc, scope, "Scale");
  param_.bias = GetOptionalInputTensor(desc, scope, "Bias");
  param_.y = GetOutputTensor(desc, scope, "Y");
  if (desc.HasOutput("Mean")) param_.mean = GetOutputTensor(desc, scope, "Mean");
  if (desc.HasOutput("Variance")) param_.variance = GetOutputTensor(desc, scope, "Variance");
  param_.epsilon = desc.GetAttrOr<float>("epsilon", 1e-5f);
  PLITE_CHECK(std::isfinite(param_.epsilon) && param_.epsilon >= 0.f, "op '", Type(),
              "': attribute 'epsilon' is ", param_.epsilon, " (must be a finite value >= 0)");
  // Paddle requires 0 < begin_norm_axis < rank; a negative axis is not counted from the end.
  param_.begin_norm_axis = desc.GetAttrOr<int32_t>("begin_norm_axis", 1);
  PLITE_CHECK(param_.begin_norm_axis >= 1, "op '", Type(), "': attribute 'begin_norm_axis' is ",
              param_.begin_norm_axis, " (must be >= 1)");
  // is_test only matters for training; use_mkldnn / mkldnn_data_type pick Paddle backends.
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(layer_norm, paddle::lite::operators::LayerNormOp);
