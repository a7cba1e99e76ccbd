// box_coder: encodes TargetBox [N, 4] against PriorBox [M, 4] into OutputBox [N, M, 4]
// (encode_center_size), or decodes TargetBox [N, M, 4] into corner boxes [N, M, 4]
// (decode_center_size) with PriorBox [M, 4] along dim 1 (axis 0) or [N, 4] along dim 0
// (axis 1). Variances come from PriorBoxVar, else the 'variance' attribute, else 1.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class BoxCoderOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  BoxCoderParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
