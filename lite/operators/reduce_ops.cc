#include "lite/operators/reduce_ops.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

std::vector<bool> ReducedAxes(const ReduceParam& param, size_t rank, const std::string& op) {
  const bool all = param.reduce_all || param.dims.empty();
  std::vector<bool> reduced(rank, all);
  if (all) return reduced;
  const int64_t r = static_cast<int64_t>(rank);
  for (int d : param.dims) {
    PLITE_CHECK(d >= -r && d < r, "op '", op, "': attribute 'dim' holds ", d,
                ", out of range for X of rank ", rank);
    const size_t axis = static_cast<size_t>(d < 0 ? d + r : d);
    PLITE_CHECK(!reduced[axis], "op '", op, "': attribute 'dim' names axis ", axis, " twice");
    reduced[axis] = true;
  }
  return reduced;
}

bool ReduceOp::CheckShape() const {
  ReducedAxes(param_, param_.x->dims().size(), Type());
  return true;
}

bool ReduceOp::InferShapeImpl() const {
  const DDim& dims = param_.x->dims();
  const std::vector<bool> reduced = ReducedAxes(param_, dims.size(), Type());
  std::vector<int64_t> out;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (!reduced[i]) {
      out.push_back(dims[i]);
    } else if (param_.keep_dim) {
      out.push_back(1);
    }
  }
  if (out.empty()) out.push_back(1);
  param_.out->Resize(DDim(out));
  return true;
}

bool ReduceOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.dims = desc.GetAttrOr<std::vector<int32_t>>("dim", {0});
  param_.keep_dim = desc.GetAttrOr<bool>("keep_dim", false);
  param_.reduce_all = desc.GetAttrOr<bool>("reduce_all", false);
  // Paddle's VarType numbers: 2 int32, 3 int64, 5 float32; -1 keeps X's type.
  const auto read_dtype = [&desc](const char* name) {
    const int dtype = desc.GetAttrOr<int32_t>(name, -1);
    PLITE_CHECK(dtype == -1 || dtype == 2 || dtype == 3 || dtype == 5, "op '", desc.Type(),
                "': attribute '", name, "' = ", dtype,
                " is not supported (-1, or X's type: 2 int32, 3 int64, 5 float32)");
    return dtype;
  };
  param_.in_dtype = read_dtype("in_dtype");
  param_.out_dtype = read_dtype("out_dtype");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((reduce_sum, reduce_mean, reduce_max, reduce_min, reduce_prod), paddle::lite::operators::ReduceOp);
