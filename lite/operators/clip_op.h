// clip: Out = min(max(X, min), max). Optional 1-element "Min"/"Max" inputs (of X's type)
// override the `min`/`max` float attributes, each on its own. X float32, int32 or int64
// (float bounds are truncated toward zero for integer X, as Paddle casts them).
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ClipOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  ClipParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
