// arg_max / arg_min: index of the largest / smallest element along `axis` (the first one
// on ties), as int64 (dtype 3 or -1) or int32 (dtype 2). `flatten` searches the whole
// tensor and gives Out [1]; otherwise the axis is dropped, or kept as 1 with `keepdims`.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ArgMaxOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  ArgMaxParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
