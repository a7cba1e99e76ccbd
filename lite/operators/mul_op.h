// mul: X flattened to 2-D at x_num_col_dims times Y flattened at y_num_col_dims;
// Out dims = X dims[:x_num_col_dims] + Y dims[y_num_col_dims:].
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class MulOpLite : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  MulParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
