#include "lite/operators/cumsum_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

bool CumsumOp::CheckShape() const {
  if (!param_.flatten) {
    NormalizeAxis(param_.axis, param_.x->dims().size(), Type(), "attribute 'axis'");
  }
  return true;
}

bool CumsumOp::InferShapeImpl() const {
  if (param_.flatten) {
    param_.out->Resize(DDim({param_.x->numel()}));
  } else {
    param_.out->Resize(param_.x->dims());
    param_.out->set_lod(param_.x->lod());
  }
  return true;
}

bool CumsumOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = CumsumParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int32_t>("axis", -1);
  param_.flatten = desc.GetAttrOr<bool>("flatten", false);
  param_.exclusive = desc.GetAttrOr<bool>("exclusive", false);
  param_.reverse = desc.GetAttrOr<bool>("reverse", false);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(cumsum, paddle::lite::operators::CumsumOp);
