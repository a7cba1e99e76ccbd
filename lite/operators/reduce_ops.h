// reduce_sum, reduce_mean, reduce_max, reduce_min, reduce_prod: X reduced over the dims of
// attribute `dim` (default [0]; negative counts from the end; an empty list or
// `reduce_all` reduces every dim). `keep_dim` keeps reduced dims as 1; otherwise they are
// dropped, and reducing every dim gives Out [1] (Paddle before 2.5; 2.5+ gives a 0-D
// tensor). `in_dtype` / `out_dtype` (-1: X's type) may only name X's own type: the
// kernels do not cast.
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// For each of X's `rank` dims, whether it is reduced. Throws naming `op` for a dim out of
// range or given twice.
std::vector<bool> ReducedAxes(const ReduceParam& param, size_t rank, const std::string& op);

class ReduceOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  ReduceParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
