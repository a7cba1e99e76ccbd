// conv2d_transpose and depthwise_conv2d_transpose (NCHW): Output = conv_transpose(Input,
// Filter) + Bias, the gradient of conv2d with respect to its input. Each input pixel adds
// its value times the filter into a window of the output; strides spread the windows out,
// so the op upsamples. Filter is [C_in, C_out / groups, KH, KW]; Bias is optional.
#pragma once

#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ConvTransposeOpLite : public OpLite {
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
  mutable ConvTransposeParam param_;
  std::vector<int> attr_paddings_;  // 4 values
  std::vector<int> attr_dilations_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
