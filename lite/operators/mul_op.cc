#include "lite/operators/mul_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool MulOpLite::CheckShape() const {
  const DDim& x = param_.x->dims();
  const DDim& y = param_.y->dims();
  PLITE_CHECK(static_cast<int>(x.size()) > param_.x_num_col_dims, "op '", Type(), "': X ", x,
              " needs more than x_num_col_dims=", param_.x_num_col_dims, " dims");
  PLITE_CHECK(static_cast<int>(y.size()) > param_.y_num_col_dims, "op '", Type(), "': Y ", y,
              " needs more than y_num_col_dims=", param_.y_num_col_dims, " dims");
  const int64_t x_cols = x.count(param_.x_num_col_dims, x.size());
  const int64_t y_rows = y.count(0, param_.y_num_col_dims);
  PLITE_CHECK(x_cols == y_rows, "op '", Type(), "': X ", x, " flattened at ",
              param_.x_num_col_dims, " has ", x_cols, " columns but Y ", y, " flattened at ",
              param_.y_num_col_dims, " has ", y_rows, " rows");
  return true;
}

bool MulOpLite::InferShapeImpl() const {
  const DDim& x = param_.x->dims();
  const DDim& y = param_.y->dims();
  std::vector<int64_t> out(x.Vectorize().begin(), x.Vectorize().begin() + param_.x_num_col_dims);
  out.insert(out.end(), y.Vectorize().begin() + param_.y_num_col_dims, y.Vectorize().end());
  param_.output->Resize(DDim(out));
  param_.output->set_lod(param_.x->lod());
  return true;
}

bool MulOpLite::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.y = GetInputTensor(desc, scope, "Y");
  param_.output = GetOutputTensor(desc, scope, "Out");
  param_.x_num_col_dims = desc.GetAttrOr<int32_t>("x_num_col_dims", 1);
  param_.y_num_col_dims = desc.GetAttrOr<int32_t>("y_num_col_dims", 1);
  PLITE_CHECK(param_.x_num_col_dims >= 1 && param_.y_num_col_dims >= 1, "op '", Type(),
              "': x_num_col_dims and y_num_col_dims must be >= 1, got ", param_.x_num_col_dims,
              " and ", param_.y_num_col_dims);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(mul, paddle::lite::operators::MulOpLite);
