#include "lite/operators/unary_math_ops.h"

#include <cmath>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool UnaryMathOp::CheckShape() const {
  PLITE_CHECK(param_.factor_tensor == nullptr || param_.factor_tensor->numel() == 1, "op '",
              Type(), "': input FactorTensor must hold one element, got dims ",
              param_.factor_tensor->dims());
  return true;
}

bool UnaryMathOp::InferShapeImpl() const {
  param_.out->Resize(param_.x->dims());
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool UnaryMathOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  if (desc.Type() == "pow") {
    param_.factor_tensor = GetOptionalInputTensor(desc, scope, "FactorTensor");
    param_.factor = desc.GetAttrOr<float>("factor", 1.f);
    PLITE_CHECK(std::isfinite(param_.factor), "op 'pow': attribute 'factor' is ",
                param_.factor, ", expected a finite number");
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((sqrt, rsqrt, square, pow), paddle::lite::operators::UnaryMathOp);
