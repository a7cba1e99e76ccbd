#include "lite/operators/where_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/broadcast_shape.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {

MultiBroadcastShape WhereShape(const WhereParam& p) {
  return NumpyBroadcast({p.condition->dims(), p.x->dims(), p.y->dims()},
                        {"Condition", "X", "Y"}, "where");
}

}  // namespace

bool WhereOp::CheckShape() const {
  WhereShape(param_);
  return true;
}

bool WhereOp::InferShapeImpl() const {
  param_.out->Resize(DDim(WhereShape(param_).out_dims));
  return true;
}

bool WhereOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.condition = GetInputTensor(desc, scope, "Condition");
  param_.x = GetInputTensor(desc, scope, "X");
  param_.y = GetInputTensor(desc, scope, "Y");
  param_.out = GetOutputTensor(desc, scope, "Out");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(where, paddle::lite::operators::WhereOp);
