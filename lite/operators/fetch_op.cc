#include "lite/operators/fetch_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool FetchOp::CheckShape() const {
  PLITE_CHECK(param_.col >= 0, "fetch: negative col ", param_.col);
  return true;
}

bool FetchOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  PLITE_CHECK(desc.HasInput("X") && desc.HasOutput("Out"), "fetch: needs X and Out");
  param_.input = GetInputTensor(desc, scope, "X");
  param_.fetch_list = GetTensorList(scope, "Out", desc.Output("Out")[0]);
  param_.col = desc.GetAttr<int32_t>("col");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(fetch, paddle::lite::operators::FetchOp);
