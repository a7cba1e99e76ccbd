// conv2d and depthwise_conv2d (NCHW): Output = act(conv(Input, Filter) + Bias).
// Bias and the epilogue activation are optional; fusion passes add them.
#pragma once

#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ConvOpLite : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  // InferShape rewrites the effective paddings/dilations for SAME and VALID from the
  // input size, so the param is mutable; the attribute values are kept here.
  mutable ConvParam param_;
  std::vector<int> attr_paddings_;   // 4 values
  std::vector<int> attr_dilations_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
