#include "lite/operators/expand_tile_op.h"

#include <algorithm>
#include <limits>

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {
// Values from the tensor input, else the tensor-list inputs, else the attribute.
std::vector<int64_t> ValuesFrom(const Tensor* tensor, const std::string& tensor_name,
                                const std::vector<const Tensor*>& list,
                                const std::string& list_name, const std::vector<int>& attr,
                                const std::string& op) {
  if (tensor) return ReadIntValues(*tensor, op, tensor_name);
  if (!list.empty()) return ReadIntScalars(list, op, list_name);
  return std::vector<int64_t>(attr.begin(), attr.end());
}

std::vector<int64_t> LeftPadded(std::vector<int64_t> v, size_t rank) {
  v.insert(v.begin(), rank - std::min(rank, v.size()), 1);
  return v;
}
}  // namespace

bool ExpandV2Op::InferShapeImpl() const {
  const std::vector<int64_t> shape =
      ValuesFrom(param_.shape_tensor, "Shape", param_.shape_tensor_list,
                 "expand_shapes_tensor", param_.shape, Type());
  const std::vector<int64_t> x = param_.x->dims().Vectorize();
  PLITE_CHECK(shape.size() >= x.size(), "op '", Type(), "': shape ", shape,
              " has fewer dims than X ", param_.x->dims());
  const size_t lead = shape.size() - x.size();
  const std::vector<int64_t> xp = LeftPadded(x, shape.size());
  std::vector<int64_t> out(shape.size());
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      PLITE_CHECK(d >= lead, "op '", Type(), "': shape ", shape, " has -1 at dim ", d,
                  ", a new leading dim that X ", param_.x->dims(), " has no size for");
      out[d] = xp[d];
      continue;
    }
    PLITE_CHECK(shape[d] > 0, "op '", Type(), "': shape ", shape, " has the size ", shape[d],
                " at dim ", d, " (sizes must be positive or -1)");
    PLITE_CHECK(xp[d] == 1 || xp[d] == shape[d], "op '", Type(), "': X ", param_.x->dims(),
                " cannot expand to ", shape, ": dim ", d, " is ", xp[d], ", neither 1 nor ",
                shape[d]);
    out[d] = shape[d];
  }
  param_.out->Resize(DDim(out));
  return true;
}

bool ExpandV2Op::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = ExpandV2Param();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.shape_tensor = GetOptionalInputTensor(desc, scope, "Shape");
  for (Tensor* t : GetInputTensors(desc, scope, "expand_shapes_tensor")) {
    param_.shape_tensor_list.push_back(t);
  }
  param_.shape = desc.GetAttrOr<std::vector<int32_t>>("shape", {});
  if (!param_.shape_tensor && param_.shape_tensor_list.empty()) {
    for (int s : param_.shape) {
      PLITE_CHECK(s > 0 || s == -1, "op '", Type(), "': attribute 'shape' ", param_.shape,
                  " has the size ", s, " (sizes must be positive or -1)");
    }
  }
  return true;
}

bool TileOp::InferShapeImpl() const {
  const std::vector<int64_t> reps =
      ValuesFrom(param_.repeat_times_tensor, "RepeatTimes", param_.repeat_times_tensor_list,
                 "repeat_times_tensor", param_.repeat_times, Type());
  for (int64_t r : reps) {
    PLITE_CHECK(r > 0, "op '", Type(), "': repeat_times ", reps,
                " must hold positive values");
  }
  const std::vector<int64_t> x = param_.x->dims().Vectorize();
  const size_t rank = std::max(x.size(), reps.size());
  const std::vector<int64_t> xp = LeftPadded(x, rank);
  const std::vector<int64_t> rp = LeftPadded(reps, rank);
  std::vector<int64_t> out(rank);
  for (size_t d = 0; d < rank; ++d) {
    PLITE_CHECK(xp[d] <= std::numeric_limits<int64_t>::max() / rp[d], "op '", Type(),
                "': dim ", d, " of X ", param_.x->dims(), " repeated ", rp[d],
                " times overflows int64");
    out[d] = xp[d] * rp[d];
  }
  param_.out->Resize(DDim(out));
  return true;
}

bool TileOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = TileParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.repeat_times_tensor = GetOptionalInputTensor(desc, scope, "RepeatTimes");
  for (Tensor* t : GetInputTensors(desc, scope, "repeat_times_tensor")) {
    param_.repeat_times_tensor_list.push_back(t);
  }
  param_.repeat_times = desc.GetAttrOr<std::vector<int32_t>>("repeat_times", {});
  if (!param_.repeat_times_tensor && param_.repeat_times_tensor_list.empty()) {
    for (int r : param_.repeat_times) {
      PLITE_CHECK(r > 0, "op '", Type(), "': attribute 'repeat_times' ", param_.repeat_times,
                  " must hold positive values");
    }
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(expand_v2, paddle::lite::operators::ExpandV2Op);
REGISTER_LITE_OP(tile, paddle::lite::operators::TileOp);
