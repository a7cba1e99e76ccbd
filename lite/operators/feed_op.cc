#include "lite/operators/feed_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool FeedOp::CheckShape() const {
  PLITE_CHECK(param_.col >= 0 && static_cast<size_t>(param_.col) < param_.feed_list->size(),
              "feed: input ", param_.col, " was not set (", param_.feed_list->size(),
              " inputs given)");
  return true;
}

bool FeedOp::InferShapeImpl() const {
  const Tensor& in = (*param_.feed_list)[param_.col];
  param_.out->Resize(in.dims());
  param_.out->set_lod(in.lod());
  return true;
}

bool FeedOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  PLITE_CHECK(desc.HasInput("X") && desc.HasOutput("Out"), "feed: needs X and Out");
  param_.feed_list = GetTensorList(scope, "X", desc.Input("X")[0]);
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.col = desc.GetAttr<int32_t>("col");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(feed, paddle::lite::operators::FeedOp);
