// Comparison ops less_than, less_equal, greater_than, greater_equal, equal, not_equal
// (attributes `axis`, default -1, and the ignored placement hint `force_cpu`) and logical
// ops logical_and, logical_or, logical_xor (no attributes) and logical_not (X only).
// X and Y broadcast as the elementwise ops do (ElementwiseBroadcast, logical ops at axis
// -1); Out is bool with the broadcast dims.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class CompareOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  CompareParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
