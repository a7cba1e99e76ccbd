#include "lite/operators/matmul_op.h"

#include <algorithm>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

int64_t MatMulBatchOffset(int64_t index, const std::vector<int64_t>& batch,
                          const std::vector<int64_t>& own) {
  int64_t offset = 0, own_stride = 1;
  for (size_t i = batch.size(); i-- > 0;) {
    const int64_t coord = index % batch[i];
    index /= batch[i];
    const size_t skip = batch.size() - own.size();
    if (i < skip) continue;
    const int64_t own_dim = own[i - skip];
    if (own_dim != 1) offset += coord * own_stride;
    own_stride *= own_dim;
  }
  return offset;
}

MatMulGeometry ComputeMatMulGeometry(const std::string& op, const DDim& x_dims,
                                     const DDim& y_dims, bool transpose_x, bool transpose_y) {
  PLITE_CHECK(!x_dims.empty() && !y_dims.empty(), "op '", op,
              "': X and Y must have at least 1 dim, got ", x_dims, " and ", y_dims);
  std::vector<int64_t> x = x_dims.Vectorize();
  std::vector<int64_t> y = y_dims.Vectorize();
  const bool x_is_vector = x.size() == 1;
  const bool y_is_vector = y.size() == 1;
  if (x_is_vector) x.insert(x.begin(), 1);  // row vector [1, K]
  if (y_is_vector) y.push_back(1);          // column vector [K, 1]
  // matmul (v1) transposes those too ([K, 1] and [1, K]); matmul_v2 does not.
  const bool v1 = op == "matmul";
  if (!v1) {
    transpose_x = transpose_x && !x_is_vector;
    transpose_y = transpose_y && !y_is_vector;
  }

  MatMulGeometry g;
  g.transpose_x = transpose_x;
  g.transpose_y = transpose_y;
  const int64_t x_rows = x[x.size() - 2], x_cols = x[x.size() - 1];
  const int64_t y_rows = y[y.size() - 2], y_cols = y[y.size() - 1];
  g.m = transpose_x ? x_cols : x_rows;
  g.k = transpose_x ? x_rows : x_cols;
  const int64_t y_k = transpose_y ? y_cols : y_rows;
  g.n = transpose_y ? y_rows : y_cols;
  PLITE_CHECK(g.k == y_k, "op '", op, "': X ", x_dims, (transpose_x ? " (transposed)" : ""),
              " and Y ", y_dims, (transpose_y ? " (transposed)" : ""),
              " do not multiply: inner dims ", g.k, " and ", y_k);

  g.x_batch.assign(x.begin(), x.end() - 2);
  g.y_batch.assign(y.begin(), y.end() - 2);
  // numpy broadcasting: align from the right; a missing dim or a 1 stretches.
  const size_t rank = std::max(g.x_batch.size(), g.y_batch.size());
  g.batch.assign(rank, 1);
  for (size_t i = 0; i < rank; ++i) {
    const size_t x_skip = rank - g.x_batch.size(), y_skip = rank - g.y_batch.size();
    const int64_t xd = i >= x_skip ? g.x_batch[i - x_skip] : 1;
    const int64_t yd = i >= y_skip ? g.y_batch[i - y_skip] : 1;
    PLITE_CHECK(xd == yd || xd == 1 || yd == 1, "op '", op, "': batch dims of X ", x_dims,
                " and Y ", y_dims, " do not broadcast");
    g.batch[i] = xd == 1 ? yd : xd;
  }

  // A vector operand's dim leaves the output: always in matmul_v2, in matmul only where it
  // is 1 (a transposed vector X keeps its K rows).
  std::vector<int64_t> out = g.batch;
  if (!x_is_vector || (v1 && g.m != 1)) out.push_back(g.m);
  if (!y_is_vector || (v1 && g.n != 1)) out.push_back(g.n);
  if (out.empty()) out.push_back(1);  // vector . vector
  g.out_dims = DDim(out);
  return g;
}

bool MatMulOpLite::CheckShape() const {
  ComputeMatMulGeometry(Type(), param_.x->dims(), param_.y->dims(), param_.transpose_x,
                        param_.transpose_y);
  return true;
}

bool MatMulOpLite::InferShapeImpl() const {
  const MatMulGeometry g = ComputeMatMulGeometry(Type(), param_.x->dims(), param_.y->dims(),
                                                 param_.transpose_x, param_.transpose_y);
  param_.out->Resize(g.out_dims);
  param_.out->set_lod(param_.x->lod());
  return true;
}

bool MatMulOpLite::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_.x = GetInputTensor(desc, scope, "X");
  param_.y = GetInputTensor(desc, scope, "Y");
  param_.out = GetOutputTensor(desc, scope, "Out");
  if (Type() == "matmul_v2") {
    param_.transpose_x = desc.GetAttrOr<bool>("trans_x", false);
    param_.transpose_y = desc.GetAttrOr<bool>("trans_y", false);
    param_.alpha = 1.f;
  } else {
    param_.transpose_x = desc.GetAttrOr<bool>("transpose_X", false);
    param_.transpose_y = desc.GetAttrOr<bool>("transpose_Y", false);
    param_.alpha = desc.GetAttrOr<float>("alpha", 1.f);
  }
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((matmul, matmul_v2), paddle::lite::operators::MatMulOpLite);
