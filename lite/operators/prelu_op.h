// prelu: Out = X > 0 ? X : alpha * X. `mode` says how Alpha spreads: "all" (one value),
// "channel" (one per channel: dim 1 for data_format NCHW, the last dim for NHWC) or
// "element" (one per element of a sample: Alpha holds numel(X) / N values).
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class PreluOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  PreluParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
