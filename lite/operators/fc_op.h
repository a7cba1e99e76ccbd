// fc: Out = act(Input flattened to 2-D at in_num_col_dims x W[K, N] + Bias[N]);
// Out dims = Input dims[:in_num_col_dims] + [N].
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class FcOpLite : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  FcParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
