#include "lite/operators/reshape_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

DDim ResolveReshapeDims(const std::vector<int64_t>& shape, const DDim& in_dims,
                        const std::string& op) {
  const int64_t numel = in_dims.production();
  std::vector<int64_t> out(shape.size());
  int unknown = -1;
  int64_t known = 1;  // product of every dim but the inferred one
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      PLITE_CHECK(unknown < 0, "op '", op, "': shape ", shape, " has more than one -1");
      unknown = static_cast<int>(i);
      continue;
    }
    if (shape[i] == 0) {
      PLITE_CHECK(i < in_dims.size(), "op '", op, "': shape ", shape, " has 0 at position ",
                  i, " but the input ", in_dims, " has only ", in_dims.size(), " dims");
      out[i] = in_dims[i];
    } else {
      PLITE_CHECK(shape[i] > 0, "op '", op, "': shape ", shape, " has the invalid value ",
                  shape[i], " (only -1, 0 and positive sizes are allowed)");
      out[i] = shape[i];
    }
    PLITE_CHECK(!__builtin_mul_overflow(known, out[i], &known), "op '", op, "': shape ", shape,
                " has more elements than a 64-bit count holds");
  }
  if (unknown >= 0) {
    PLITE_CHECK(known > 0 && numel % known == 0, "op '", op, "': cannot reshape ", in_dims,
                " (", numel, " elements) to ", shape, ": ", known,
                " does not divide the element count");
    out[unknown] = numel / known;
  } else {
    PLITE_CHECK(known == numel, "op '", op, "': cannot reshape ", in_dims, " (", numel,
                " elements) to ", shape, " (", known, " elements)");
  }
  return DDim(out);
}

bool ReshapeOp::CheckShape() const { return true; }

bool ReshapeOp::InferShapeImpl() const {
  std::vector<int64_t> shape;
  if (!param_.shape_tensor_list.empty()) {
    shape = ReadIntScalars(param_.shape_tensor_list, Type(), "ShapeTensor");
  } else if (param_.shape_tensor) {
    shape = ReadIntValues(*param_.shape_tensor, Type(), "Shape");
  } else {
    shape.assign(param_.shape.begin(), param_.shape.end());
  }
  const DDim& in_dims = param_.x->dims();
  const DDim out_dims = ResolveReshapeDims(shape, in_dims, Type());
  param_.output->Resize(out_dims);
  // Sequence offsets stay valid only when the leading dim is unchanged.
  if (!in_dims.empty() && !out_dims.empty() && in_dims[0] == out_dims[0]) {
    param_.output->set_lod(param_.x->lod());
  } else {
    param_.output->set_lod({});
  }
  return true;
}

bool ReshapeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = ReshapeParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.shape_tensor = GetOptionalInputTensor(desc, scope, "Shape");
  for (Tensor* t : GetInputTensors(desc, scope, "ShapeTensor")) {
    param_.shape_tensor_list.push_back(t);
  }
  param_.shape = desc.GetAttrOr<std::vector<int32_t>>("shape", {});
  PLITE_CHECK(param_.shape_tensor || !param_.shape_tensor_list.empty() || !param_.shape.empty(),
              "op '", Type(), "': no target shape (attribute 'shape' is empty and neither "
              "'Shape' nor 'ShapeTensor' is given)");
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((reshape, reshape2), paddle::lite::operators::ReshapeOp);
