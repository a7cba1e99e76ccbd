// stack: Y = the X tensors (all of one dims) joined along a new dim `axis`, which counts
// in Y's rank (a negative axis adds rank(X) + 1).
// unstack: Y[i] = X at index i of `axis`, that dim removed; `num` must be X's dim there.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class StackOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  StackParam param_;
};

class UnstackOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  UnstackParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
