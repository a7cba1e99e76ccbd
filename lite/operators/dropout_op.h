// dropout at inference: "downgrade_in_infer" gives Out = X * (1 - dropout_prob),
// "upscale_in_train" gives Out = X. The optional Mask output is a training artifact and is
// never written.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class DropoutOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  DropoutParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
