#include "lite/operators/squeeze_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

namespace {
// Sequence offsets stay valid only when the leading dim is unchanged.
void SetOutput(const Tensor& x, const DDim& out_dims, Tensor* out) {
  out->Resize(out_dims);
  const DDim& in_dims = x.dims();
  const bool same_lead = !in_dims.empty() && !out_dims.empty() && in_dims[0] == out_dims[0];
  out->set_lod(same_lead ? x.lod() : LoD());
}
}  // namespace

DDim SqueezedDims(const DDim& in, const std::vector<int64_t>& axes, const std::string& op) {
  const int64_t rank = static_cast<int64_t>(in.size());
  std::vector<bool> drop(in.size(), false);
  for (int64_t axis : axes) {
    PLITE_CHECK(axis >= -rank && axis < rank, "op '", op, "': axis ", axis,
                " of attribute 'axes' ", axes, " is out of range for X ", in);
    const int64_t a = axis < 0 ? axis + rank : axis;
    drop[a] = in[a] == 1;  // Paddle keeps a listed dim that is not 1
  }
  std::vector<int64_t> out;
  for (size_t d = 0; d < in.size(); ++d) {
    const bool squeeze = axes.empty() ? in[d] == 1 : drop[d];
    if (!squeeze) out.push_back(in[d]);
  }
  return DDim(out);
}

DDim UnsqueezedDims(const DDim& in, const std::vector<int64_t>& axes, const std::string& op) {
  std::vector<int64_t> out = in.Vectorize();
  for (int64_t axis : axes) {
    const int64_t rank = static_cast<int64_t>(out.size());
    PLITE_CHECK(axis >= -rank - 1 && axis <= rank, "op '", op, "': axis ", axis, " of axes ",
                axes, " is out of range [", -rank - 1, ", ", rank, "] for the rank-", rank,
                " dims ", DDim(out), " it is inserted into (X ", in, ")");
    const int64_t at = axis < 0 ? axis + rank + 1 : axis;
    out.insert(out.begin() + at, 1);
  }
  return DDim(out);
}

bool SqueezeOp::CheckShape() const { return true; }

bool SqueezeOp::InferShapeImpl() const {
  const std::vector<int64_t> axes(param_.axes.begin(), param_.axes.end());
  SetOutput(*param_.x, SqueezedDims(param_.x->dims(), axes, Type()), param_.output);
  return true;
}

bool SqueezeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = SqueezeParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  // Empty (or absent) axes squeeze every size-1 dim; each axis is range-checked against X.
  param_.axes = desc.GetAttrOr<std::vector<int32_t>>("axes", {});
  return true;
}

bool UnsqueezeOp::CheckShape() const { return true; }

bool UnsqueezeOp::InferShapeImpl() const {
  std::vector<int64_t> axes;
  if (param_.axes_tensor) {
    axes = ReadIntValues(*param_.axes_tensor, Type(), "AxesTensor");
  } else if (!param_.axes_tensor_list.empty()) {
    axes = ReadIntScalars(param_.axes_tensor_list, Type(), "AxesTensorList");
  } else {
    axes.assign(param_.axes.begin(), param_.axes.end());
  }
  SetOutput(*param_.x, UnsqueezedDims(param_.x->dims(), axes, Type()), param_.output);
  return true;
}

bool UnsqueezeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = UnsqueezeParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.axes_tensor = GetOptionalInputTensor(desc, scope, "AxesTensor");
  for (Tensor* t : GetInputTensors(desc, scope, "AxesTensorList")) {
    param_.axes_tensor_list.push_back(t);
  }
  // Empty axes with no axes input leave X as it is.
  param_.axes = desc.GetAttrOr<std::vector<int32_t>>("axes", {});
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((squeeze, squeeze2), paddle::lite::operators::SqueezeOp);
REGISTER_LITE_OPS((unsqueeze, unsqueeze2), paddle::lite::operators::UnsqueezeOp);
