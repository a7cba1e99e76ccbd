// matmul (transpose_X, transpose_Y, alpha) and matmul_v2 (trans_x, trans_y):
// batched matrix products with numpy broadcasting of the batch dims. A 1-D X is read as
// [1, K] and a 1-D Y as [K, 1] (transposes then apply), and that 1 is dropped from Out.
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// How X and Y of a matmul line up; computed by the op and reused by kernels.
struct MatMulGeometry {
  std::vector<int64_t> x_batch;  // X's leading dims (before the matrix dims)
  std::vector<int64_t> y_batch;
  std::vector<int64_t> batch;    // broadcast of x_batch and y_batch
  int64_t m{0}, k{0}, n{0};      // op(X) is [m, k], op(Y) is [k, n]
  // The transposes the kernels apply: the attributes', except that matmul_v2 ignores them
  // on a 1-D operand (a row vector X, a column vector Y).
  bool transpose_x{false}, transpose_y{false};
  DDim out_dims;
};

// Throws naming `op` when the shapes do not multiply or broadcast.
MatMulGeometry ComputeMatMulGeometry(const std::string& op, const DDim& x, const DDim& y,
                                     bool transpose_x, bool transpose_y);

// Offset (in matrices) of batch element `index` of g.batch inside an operand whose own
// batch dims are `own` (g.x_batch or g.y_batch: right-aligned; size-1 or missing dims repeat).
int64_t MatMulBatchOffset(int64_t index, const std::vector<int64_t>& batch,
                          const std::vector<int64_t>& own);

class MatMulOpLite : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  MatMulParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
