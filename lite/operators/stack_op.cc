#include "lite/operators/stack_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

bool StackOp::CheckShape() const {
  const DDim& first = param_.x[0]->dims();
  for (size_t i = 1; i < param_.x.size(); ++i) {
    PLITE_CHECK(param_.x[i]->dims() == first, "op '", Type(), "': input X[", i, "] ",
                param_.x[i]->dims(), " differs from X[0] ", first);
  }
  NormalizeAxis(param_.axis, first.size() + 1, Type(), "attribute 'axis'");
  return true;
}

bool StackOp::InferShapeImpl() const {
  std::vector<int64_t> dims = param_.x[0]->dims().Vectorize();
  const int axis = NormalizeAxis(param_.axis, dims.size() + 1, Type(), "attribute 'axis'");
  dims.insert(dims.begin() + axis, static_cast<int64_t>(param_.x.size()));
  param_.y->Resize(DDim(dims));
  return true;
}

bool StackOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = StackParam();
  for (Tensor* t : GetInputTensors(desc, scope, "X")) param_.x.push_back(t);
  PLITE_CHECK(!param_.x.empty(), "op '", Type(), "': needs at least one input 'X'");
  param_.y = GetOutputTensor(desc, scope, "Y");
  param_.axis = desc.GetAttrOr<int32_t>("axis", 0);
  return true;
}

bool UnstackOp::CheckShape() const {
  const DDim& dims = param_.x->dims();
  PLITE_CHECK(!dims.empty(), "op '", Type(), "': X must have rank >= 1");
  const int axis = NormalizeAxis(param_.axis, dims.size(), Type(), "attribute 'axis'");
  PLITE_CHECK(dims[axis] == param_.num, "op '", Type(), "': attribute 'num' = ", param_.num,
              " but X ", dims, " has ", dims[axis], " entries on axis ", axis);
  return true;
}

bool UnstackOp::InferShapeImpl() const {
  std::vector<int64_t> dims = param_.x->dims().Vectorize();
  const int axis = NormalizeAxis(param_.axis, dims.size(), Type(), "attribute 'axis'");
  dims.erase(dims.begin() + axis);
  for (Tensor* y : param_.y) y->Resize(DDim(dims));
  return true;
}

bool UnstackOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = UnstackParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.y = GetOutputTensors(desc, scope, "Y");
  param_.axis = desc.GetAttrOr<int32_t>("axis", 0);
  PLITE_CHECK(desc.HasAttr("num"), "op '", Type(), "': attribute 'num' is missing");
  param_.num = desc.GetAttr<int32_t>("num");
  PLITE_CHECK(param_.num >= 0 && static_cast<size_t>(param_.num) == param_.y.size(), "op '",
              Type(), "': attribute 'num' = ", param_.num, " but there are ", param_.y.size(),
              " outputs 'Y'");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(stack, paddle::lite::operators::StackOp);
REGISTER_LITE_OP(unstack, paddle::lite::operators::UnstackOp);
