// flip: Out = X reversed along each dim listed in `axis` (negative counts from the end;
// a dim listed twice is an error, as in Paddle).
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class FlipOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  FlipParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
