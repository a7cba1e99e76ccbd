// assign: Out = a copy of X (dims, LoD and values, any precision).
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class AssignOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  AssignParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
