#include "lite/operators/transpose_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool TransposeOp::CheckShape() const {
  PLITE_CHECK(param_.x->dims().size() == param_.axis.size(), "op '", Type(), "': attribute 'axis' ",
              param_.axis, " has ", param_.axis.size(), " entries but X ", param_.x->dims(),
              " has rank ", param_.x->dims().size());
  return true;
}

bool TransposeOp::InferShapeImpl() const {
  const DDim& in = param_.x->dims();
  std::vector<int64_t> out(in.size());
  for (size_t i = 0; i < out.size(); ++i) out[i] = in[param_.axis[i]];
  param_.output->Resize(DDim(out));
  return true;
}

bool TransposeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = TransposeParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  const std::vector<int32_t> axis = desc.GetAttr<std::vector<int32_t>>("axis");
  const int rank = static_cast<int>(axis.size());
  std::vector<bool> used(axis.size(), false);
  for (int a : axis) {
    PLITE_CHECK(a >= -rank && a < rank, "op '", Type(), "': attribute 'axis' ", axis,
                " is not a permutation: ", a, " is out of range for rank ", rank);
    const int n = a < 0 ? a + rank : a;
    PLITE_CHECK(!used[n], "op '", Type(), "': attribute 'axis' ", axis,
                " is not a permutation: dim ", n, " appears twice");
    used[n] = true;
    param_.axis.push_back(n);
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((transpose, transpose2), paddle::lite::operators::TransposeOp);
