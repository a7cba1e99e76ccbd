#include "lite/operators/shuffle_channel_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool ShuffleChannelOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  PLITE_CHECK(x.size() == 4, "op '", Type(), "': X ", x, " must be 4-D (NCHW)");
  PLITE_CHECK(x[1] % param_.group == 0, "op '", Type(), "': the ", x[1],
              " channels of X ", x, " do not split into group ", param_.group);
  return true;
}

bool ShuffleChannelOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool ShuffleChannelOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = ShuffleChannelParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.group = desc.GetAttrOr<int32_t>("group", 1);
  PLITE_CHECK(param_.group >= 1, "op '", Type(), "': attribute 'group' is ", param_.group,
              " (must be >= 1)");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(shuffle_channel, paddle::lite::operators::ShuffleChannelOp);
