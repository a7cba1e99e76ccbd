// group_norm (NCHW only): X [N, C, ...] with C split into 'groups' groups; each (n, group) is
// normalised over its C/groups channels and the spatial dims, then scaled and shifted per
// channel. Mean and Variance ([N, groups], biased variance) are optional outputs.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class GroupNormOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  GroupNormParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
