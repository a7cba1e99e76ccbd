// transpose / transpose2: Out dim i = X dim axis[i]; `axis` must be a permutation of the
// input's dims (negative entries count from the end). transpose2's XShape is for training.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class TransposeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  TransposeParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
