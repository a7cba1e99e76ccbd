#include "lite/operators/elementwise_ops.h"

#include "lite/core/op_registry.h"
#include "lite/operators/activation_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

bool ElementwiseOp::CheckShape() const {
  ElementwiseBroadcast(param_.x->dims(), param_.y->dims(), param_.axis, Type());
  return true;
}

bool ElementwiseOp::InferShapeImpl() const {
  const BroadcastShape shape =
      ElementwiseBroadcast(param_.x->dims(), param_.y->dims(), param_.axis, Type());
  param_.out->Resize(DDim(shape.out_dims));
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool ElementwiseOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.y = GetInputTensor(desc, scope, "Y");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int32_t>("axis", -1);
  param_.act = ReadFusedActivation(desc);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_pow, elementwise_max, elementwise_min, elementwise_floordiv, elementwise_mod), paddle::lite::operators::ElementwiseOp);
