#include "lite/operators/flatten_op.h"

#include "lite/core/op_registry.h"
#include "lite/operators/tensor_values.h"

namespace paddle {
namespace lite {
namespace operators {

bool FlattenOp::CheckShape() const {
  const size_t rank = param_.x->dims().size();
  PLITE_CHECK(param_.axis >= 0 && static_cast<size_t>(param_.axis) <= rank, "op '", Type(),
              "': attribute 'axis' ", param_.axis, " is out of range [0, ", rank,
              "] for input ", param_.x->dims());
  return true;
}

bool FlattenOp::InferShapeImpl() const {
  const DDim& in = param_.x->dims();
  param_.output->Resize(in.Flatten2D(static_cast<size_t>(param_.axis)));
  return true;
}

bool FlattenOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = FlattenParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.axis = desc.GetAttrOr<int32_t>("axis", 1);
  PLITE_CHECK(param_.axis >= 0, "op '", Type(), "': attribute 'axis' must be >= 0, got ",
              param_.axis);
  return true;
}

bool FlattenContiguousRangeOp::CheckShape() const {
  const size_t rank = param_.x->dims().size();
  if (rank == 0) return true;  // a 0-D input becomes [1]
  const int start = NormalizeAxis(param_.start_axis, rank, Type(), "start_axis");
  const int stop = NormalizeAxis(param_.stop_axis, rank, Type(), "stop_axis");
  PLITE_CHECK(start <= stop, "op '", Type(), "': start_axis ", param_.start_axis,
              " comes after stop_axis ", param_.stop_axis, " for a rank-", rank, " input");
  return true;
}

bool FlattenContiguousRangeOp::InferShapeImpl() const {
  const DDim& in = param_.x->dims();
  const size_t rank = in.size();
  if (rank == 0) {
    param_.output->Resize({1});
    return true;
  }
  const size_t start = NormalizeAxis(param_.start_axis, rank, Type(), "start_axis");
  const size_t stop = NormalizeAxis(param_.stop_axis, rank, Type(), "stop_axis");
  std::vector<int64_t> out;
  for (size_t d = 0; d < start; ++d) out.push_back(in[d]);
  out.push_back(in.count(start, stop + 1));
  for (size_t d = stop + 1; d < rank; ++d) out.push_back(in[d]);
  param_.output->Resize(DDim(out));
  return true;
}

bool FlattenContiguousRangeOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = FlattenParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.start_axis = desc.GetAttrOr<int32_t>("start_axis", 1);
  param_.stop_axis = desc.GetAttrOr<int32_t>("stop_axis", 1);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((flatten, flatten2), paddle::lite::operators::FlattenOp);
REGISTER_LITE_OP(flatten_contiguous_range, paddle::lite::operators::FlattenContiguousRangeOp);
