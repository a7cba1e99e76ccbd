// where: Out = Condition ? X : Y element by element. Condition is bool; X and Y share a
// type (float32, int32 or int64). Paddle's op wants the three of one shape (paddle.where
// expands them first); here they may also broadcast numpy style (trailing dims aligned),
// which includes the equal-shape case.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class WhereOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  WhereParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
