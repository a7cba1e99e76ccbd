#include "lite/operators/softmax_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool SoftmaxOp::CheckShape() const {
  const int rank = static_cast<int>(param_.x->dims().size());
  PLITE_CHECK(rank >= 1, "softmax: X must have at least one dim, got ", param_.x->dims());
  PLITE_CHECK(param_.axis >= -rank && param_.axis < rank, "softmax: axis ", param_.axis,
              " is out of range for X", param_.x->dims());
  return true;
}

bool SoftmaxOp::InferShapeImpl() const {
  param_.output->Resize(param_.x->dims());
  param_.output->set_lod(param_.x->lod());
  return true;
}

bool SoftmaxOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int32_t>("axis", -1);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(softmax, paddle::lite::operators::SoftmaxOp);
