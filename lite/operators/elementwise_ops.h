// elementwise_add / sub / mul / div / pow / max / min / floordiv / mod:
// Out = act(X op Y) with Paddle's axis broadcasting (see ElementwiseBroadcast). Only
// add/sub/mul/div take part in fusions; the others run on host.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/broadcast_shape.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ElementwiseOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  ElementwiseParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
