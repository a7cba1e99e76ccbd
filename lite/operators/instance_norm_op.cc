#include "lite/operators/instance_norm_op.h"

#include <cmath>
#include <utility>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool InstanceNormOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  PLITE_CHECK(x.size() >= 2 && x.size() <= 5, "op '", Type(),
              "': X must have rank 2 to 5 [N, C, ...], got ", x);
  const std::pair<const char*, const Tensor*> per_channel[] = {{"Scale", param_.scale},
                                                               {"Bias", param_.bias}};
  for (const auto& arg : per_channel) {
    if (!arg.second) continue;
    const DDim& d = arg.second->dims();
    PLITE_CHECK(d.size() == 1 && d[0] == x[1], "op '", Type(), "': ", arg.first, " ", d,
                " must be [", x[1], "], one value per channel of X ", x);
  }
  return true;
}

bool InstanceNormOp::InferShapeImpl() const {
  const DDim& x = param_.x->dims();
  param_.y->Resize(x);
  param_.y->set_lod(param_.x->lod());
  const DDim stats({x.count(0, 2)});  // overflow-checked N*C
  if (param_.saved_mean) param_.saved_mean->Resize(stats);
  if (param_.saved_variance) param_.saved_variance->Resize(stats);
  return true;
}

bool InstanceNormOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = InstanceNormParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.scale = GetOptionalInputTensor(desc, scope, "Scale");
  param_.bias = GetOptionalInputTensor(desc, scope, "Bias");
  param_.y = GetOutputTensor(desc, scope, "Y");
  if (desc.HasOutput("SavedMean")) param_.saved_mean = GetOutputTensor(desc, scope, "SavedMean");
  if (desc.HasOutput("SavedVariance")) {
    param_.saved_variance = GetOutputTensor(desc, scope, "SavedVariance");
  }
  param_.epsilon = desc.GetAttrOr<float>("epsilon", 1e-5f);
  // Paddle's attribute checker allows [0, 0.001].
  PLITE_CHECK(param_.epsilon >= 0.f && param_.epsilon <= 1e-3f, "op '", Type(),
              "': attribute 'epsilon' is ", param_.epsilon, " (must be in [0, 0.001])");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(instance_norm, paddle::lite::operators::InstanceNormOp);
