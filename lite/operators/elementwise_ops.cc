#include "lite/operators/elementwise_ops.h"

#include "lite/core/op_registry.h"
#include "lite/operators/activation_attrs.h"

namespace paddle {
namespace lite {
namespace operators {

BroadcastShape ElementwiseBroadcast(const DDim& x, const DDim& y, int axis,
                                    const std::string& op_type) {
  const bool x_is_larger = x.size() >= y.size();
  const std::vector<int64_t>& larger = x_is_larger ? x.Vectorize() : y.Vectorize();
  std::vector<int64_t> smaller = x_is_larger ? y.Vectorize() : x.Vectorize();
  const int64_t rank = static_cast<int64_t>(larger.size());
  const int64_t rank_diff = rank - static_cast<int64_t>(smaller.size());

  // Negative axes count from the end as Paddle does: -1 aligns the trailing dims.
  const int64_t start = axis < 0 ? rank_diff + axis + 1 : axis;
  PLITE_CHECK(start >= 0 && start <= rank, op_type, ": axis ", axis,
              " is out of range for X", x, " and Y", y);
  while (!smaller.empty() && start + static_cast<int64_t>(smaller.size()) > rank &&
         smaller.back() == 1) {
    smaller.pop_back();
  }
  PLITE_CHECK(start + static_cast<int64_t>(smaller.size()) <= rank, op_type, ": X", x,
              " and Y", y, " cannot be aligned at axis ", axis);

  std::vector<int64_t> padded(rank, 1);
  for (size_t i = 0; i < smaller.size(); ++i) padded[start + i] = smaller[i];

  BroadcastShape shape;
  shape.x_dims = x_is_larger ? larger : padded;
  shape.y_dims = x_is_larger ? padded : larger;
  shape.out_dims.resize(rank);
  for (int64_t i = 0; i < rank; ++i) {
    const int64_t a = shape.x_dims[i];
    const int64_t b = shape.y_dims[i];
    PLITE_CHECK(a == b || a == 1 || b == 1, op_type, ": X", x, " and Y", y,
                " cannot be broadcast at axis ", axis, " (dim ", i, ": ", a, " vs ", b, ")");
    shape.out_dims[i] = a == 1 ? b : a;
  }
  return shape;
}

bool ElementwiseOp::CheckShape() const {
  ElementwiseBroadcast(param_.x->dims(), param_.y->dims(), param_.axis, Type());
  return true;
}

bool ElementwiseOp::InferShapeImpl() const {
  const BroadcastShape shape =
      ElementwiseBroadcast(param_.x->dims(), param_.y->dims(), param_.axis, Type());
  param_.out->Resize(DDim(shape.out_dims));
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool ElementwiseOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.y = GetInputTensor(desc, scope, "Y");
  param_.out = GetOutputTensor(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int32_t>("axis", -1);
  param_.act = ReadFusedActivation(desc);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((elementwise_add, elementwise_sub, elementwise_mul, elementwise_div, elementwise_pow, elementwise_max, elementwise_min, elementwise_floordiv, elementwise_mod), paddle::lite::operators::ElementwiseOp);
