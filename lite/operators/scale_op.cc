#include "lite/operators/scale_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool ScaleOp::CheckShape() const {
  PLITE_CHECK(param_.scale_tensor == nullptr || param_.scale_tensor->numel() == 1,
              "scale: input ScaleTensor must hold one element, got dims ",
              param_.scale_tensor->dims());
  return true;
}

bool ScaleOp::InferShapeImpl() const {
  param_.output->Resize(param_.x->dims());
  param_.output->set_lod(param_.x->lod());
  return true;
}

bool ScaleOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.scale_tensor = GetOptionalInputTensor(desc, scope, "ScaleTensor");
  param_.scale = desc.GetAttrOr<float>("scale", 1.f);
  param_.bias = desc.GetAttrOr<float>("bias", 0.f);
  param_.bias_after_scale = desc.GetAttrOr<bool>("bias_after_scale", true);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(scale, paddle::lite::operators::ScaleOp);
