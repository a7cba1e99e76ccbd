#include "lite/operators/slice_op.h"

#include <algorithm>

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {
std::vector<int64_t> BoundsFor(const SliceParam& p, bool starts, const std::string& op) {
  const Tensor* tensor = starts ? p.starts_tensor : p.ends_tensor;
  const auto& list = starts ? p.starts_tensor_list : p.ends_tensor_list;
  const std::string name = starts ? "Starts" : "Ends";
  if (tensor) return ReadIntValues(*tensor, op, name + "Tensor");
  if (!list.empty()) return ReadIntScalars(list, op, name + "TensorList");
  return starts ? p.starts : p.ends;
}

bool IsDecreased(const SliceParam& p, int axis, size_t rank) {
  for (int d : p.decrease_axis) {
    if ((d < 0 ? d + static_cast<int>(rank) : d) == axis) return true;
  }
  return false;
}
}  // namespace

SliceRegion ResolveSliceRegion(const SliceParam& param, const DDim& in_dims,
                               const std::string& op) {
  const std::vector<int64_t> starts = BoundsFor(param, true, op);
  const std::vector<int64_t> ends = BoundsFor(param, false, op);
  PLITE_CHECK(starts.size() == param.axes.size() && ends.size() == param.axes.size(), "op '",
              op, "': ", param.axes.size(), " axes but ", starts.size(), " starts and ",
              ends.size(), " ends");
  const size_t rank = in_dims.size();
  SliceRegion r;
  r.starts.assign(rank, 0);
  r.ends = in_dims.Vectorize();
  std::vector<bool> seen(rank, false);
  for (size_t i = 0; i < param.axes.size(); ++i) {
    const int axis = NormalizeAxis(param.axes[i], rank, op, "axes value");
    PLITE_CHECK(!seen[axis], "op '", op, "': axis ", axis, " appears twice in axes ",
                param.axes);
    seen[axis] = true;
    const int64_t dim = in_dims[axis];
    int64_t start = starts[i];
    int64_t end = ends[i];
    // x[-1] is exported as [-1, 0) with the axis decreased: it means the last element.
    if (start == -1 && end == 0 && IsDecreased(param, axis, rank)) end = dim;
    if (start < 0) start += dim;
    if (end < 0) end += dim;
    start = std::min(std::max<int64_t>(start, 0), dim);
    end = std::min(std::max<int64_t>(end, 0), dim);
    PLITE_CHECK(end >= start, "op '", op, "': on axis ", axis, " (size ", dim, ") start ",
                starts[i], " and end ", ends[i], " give the reversed range [", start, ", ",
                end, ")");
    r.starts[axis] = start;
    r.ends[axis] = end;
  }
  return r;
}

bool SliceOp::ShapeDependsOnInputValues() const {
  return param_.starts_tensor || param_.ends_tensor || !param_.starts_tensor_list.empty() ||
         !param_.ends_tensor_list.empty();
}

bool SliceOp::CheckShape() const {
  PLITE_CHECK(!param_.x->dims().empty(), "op '", Type(), "': Input must have rank >= 1");
  return true;
}

bool SliceOp::InferShapeImpl() const {
  const DDim& in_dims = param_.x->dims();
  const SliceRegion r = ResolveSliceRegion(param_, in_dims, Type());
  std::vector<int64_t> dims(in_dims.size());
  for (size_t d = 0; d < dims.size(); ++d) dims[d] = r.ends[d] - r.starts[d];
  if (!param_.decrease_axis.empty()) {
    std::vector<bool> drop(dims.size(), false);
    for (int a : param_.decrease_axis) {
      const int axis = NormalizeAxis(a, dims.size(), Type(), "decrease_axis value");
      PLITE_CHECK(dims[axis] == 1, "op '", Type(), "': decrease_axis ", axis,
                  " needs a slice of size 1, got ", dims[axis]);
      drop[axis] = true;
    }
    std::vector<int64_t> kept;
    for (size_t d = 0; d < dims.size(); ++d) {
      if (!drop[d]) kept.push_back(dims[d]);
    }
    if (kept.empty()) kept.push_back(1);  // all dims dropped: a one-element 1-D tensor
    dims = kept;
  }
  param_.out->Resize(DDim(dims));
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool SliceOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = SliceParam();
  param_.x = GetInputTensor(desc, scope, "Input");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.axes = desc.GetAttr<std::vector<int32_t>>("axes");
  param_.starts = desc.GetAttrOr<std::vector<int64_t>>("starts", {});
  param_.ends = desc.GetAttrOr<std::vector<int64_t>>("ends", {});
  param_.decrease_axis = desc.GetAttrOr<std::vector<int32_t>>("decrease_axis", {});
  param_.infer_flags = desc.GetAttrOr<std::vector<int32_t>>("infer_flags", {});
  param_.starts_tensor = GetOptionalInputTensor(desc, scope, "StartsTensor");
  param_.ends_tensor = GetOptionalInputTensor(desc, scope, "EndsTensor");
  for (Tensor* t : GetInputTensors(desc, scope, "StartsTensorList")) {
    param_.starts_tensor_list.push_back(t);
  }
  for (Tensor* t : GetInputTensors(desc, scope, "EndsTensorList")) {
    param_.ends_tensor_list.push_back(t);
  }
  const bool starts_given = param_.starts_tensor || !param_.starts_tensor_list.empty();
  const bool ends_given = param_.ends_tensor || !param_.ends_tensor_list.empty();
  PLITE_CHECK(!param_.axes.empty(), "op '", Type(), "': attribute 'axes' is empty");
  PLITE_CHECK(starts_given || param_.starts.size() == param_.axes.size(), "op '", Type(),
              "': attribute 'starts' has ", param_.starts.size(), " values for ",
              param_.axes.size(), " axes");
  PLITE_CHECK(ends_given || param_.ends.size() == param_.axes.size(), "op '", Type(),
              "': attribute 'ends' has ", param_.ends.size(), " values for ",
              param_.axes.size(), " axes");
  if (desc.HasAttr("strides")) {
    for (int64_t s : desc.GetAttr<std::vector<int64_t>>("strides")) {
      PLITE_CHECK(s == 1, "op '", Type(), "': attribute 'strides' value ", s,
                  " is not supported (only 1)");
    }
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(slice, paddle::lite::operators::SliceOp);
