#include "lite/operators/top_k_op.h"

#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

int ResolveTopK(const TopKParam& param, int64_t dim, const std::string& op) {
  int64_t k = param.k;
  if (param.k_tensor) {
    const std::vector<int64_t> v = ReadIntValues(*param.k_tensor, op, "K");
    PLITE_CHECK(v.size() == 1, "op '", op, "': input K must hold one value, has dims ",
                param.k_tensor->dims());
    k = v[0];
  }
  PLITE_CHECK(k >= 1 && k <= dim, "op '", op, "': k = ", k, " must lie in [1, ", dim,
              "], the size of X's axis ", param.axis);
  return static_cast<int>(k);
}

bool TopKOp::CheckShape() const {
  const DDim& dims = param_.x->dims();
  PLITE_CHECK(dims.size() >= 1, "op '", Type(), "': X must have at least one dim");
  const int axis = NormalizeAxis(param_.axis, dims.size(), Type(), "axis");
  if (!param_.k_tensor) ResolveTopK(param_, dims[axis], Type());  // K's value comes at run
  return true;
}

bool TopKOp::InferShapeImpl() const {
  std::vector<int64_t> out = param_.x->dims().Vectorize();
  const int axis = NormalizeAxis(param_.axis, out.size(), Type(), "axis");
  out[axis] = ResolveTopK(param_, out[axis], Type());
  param_.out->Resize(DDim(out));
  param_.indices->Resize(DDim(out));
  param_.out->set_lod(param_.x->lod());
  param_.indices->set_lod(param_.x->lod());
  return true;
}

bool TopKOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.k_tensor = GetOptionalInputTensor(desc, scope, "K");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.indices = GetOutputTensor(desc, scope, "Indices");
  param_.k = desc.GetAttrOr<int32_t>("k", 1);
  PLITE_CHECK(param_.k_tensor || param_.k >= 1, "op '", desc.Type(), "': attribute 'k' = ",
              param_.k, ", expected at least 1");
  if (desc.Type() == "top_k_v2") {
    param_.axis = desc.GetAttrOr<int32_t>("axis", -1);
    param_.largest = desc.GetAttrOr<bool>("largest", true);
    param_.sorted = desc.GetAttrOr<bool>("sorted", true);
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((top_k, top_k_v2), paddle::lite::operators::TopKOp);
