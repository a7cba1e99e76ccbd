// scale: Out = X * scale + bias (bias_after_scale) or (X + bias) * scale. An optional
// 1-element "ScaleTensor" input overrides the `scale` attribute.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ScaleOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;
  bool ComputesInPlace() const override { return true; }

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  ScaleParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
