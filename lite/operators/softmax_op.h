// softmax: Out = exp(X - max) / sum(exp(X - max)) along `axis` (negative counts from
// the end).
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class SoftmaxOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  SoftmaxParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
