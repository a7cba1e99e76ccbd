#include "lite/operators/flip_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

bool FlipOp::CheckShape() const {
  const size_t rank = param_.x->dims().size();
  std::vector<bool> seen(rank, false);
  for (int a : param_.axis) {
    const int axis = NormalizeAxis(a, rank, Type(), "attribute 'axis' value");
    PLITE_CHECK(!seen[axis], "op '", Type(), "': attribute 'axis' ", param_.axis,
                " lists dim ", axis, " twice");
    seen[axis] = true;
  }
  return true;
}

bool FlipOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool FlipOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = FlipParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  PLITE_CHECK(desc.HasAttr("axis"), "op '", Type(), "': attribute 'axis' is missing");
  param_.axis = desc.GetAttr<std::vector<int32_t>>("axis");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(flip, paddle::lite::operators::FlipOp);
