#include "lite/operators/concat_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

int ResolveConcatAxis(const ConcatParam& param, size_t rank, const std::string& op) {
  return ResolveAxis(param.axis, param.axis_tensor, rank, op);
}

bool ConcatOp::CheckShape() const {
  const DDim& first = param_.x[0]->dims();
  const int axis = ResolveConcatAxis(param_, first.size(), Type());
  for (size_t i = 1; i < param_.x.size(); ++i) {
    const DDim& d = param_.x[i]->dims();
    PLITE_CHECK(d.size() == first.size(), "op '", Type(), "': input ", i, " ", d,
                " has another rank than input 0 ", first);
    for (size_t j = 0; j < d.size(); ++j) {
      PLITE_CHECK(static_cast<int>(j) == axis || d[j] == first[j], "op '", Type(), "': input ",
                  i, " ", d, " differs from input 0 ", first, " on dim ", j,
                  " (only the concat axis ", axis, " may differ)");
    }
  }
  return true;
}

bool ConcatOp::InferShapeImpl() const {
  DDim out = param_.x[0]->dims();
  const int axis = ResolveConcatAxis(param_, out.size(), Type());
  for (size_t i = 1; i < param_.x.size(); ++i) out[axis] += param_.x[i]->dims()[axis];
  param_.output->Resize(out);
  param_.output->set_lod(param_.x[0]->lod());
  return true;
}

bool ConcatOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = ConcatParam();
  for (Tensor* t : GetInputTensors(desc, scope, "X")) param_.x.push_back(t);
  PLITE_CHECK(!param_.x.empty(), "op '", Type(), "': needs at least one input 'X'");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int32_t>("axis", 0);
  param_.axis_tensor = GetOptionalInputTensor(desc, scope, "AxisTensor");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(concat, paddle::lite::operators::ConcatOp);
