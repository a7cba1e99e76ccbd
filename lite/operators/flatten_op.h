// flatten / flatten2: Out = X as 2-D [prod(dims[:axis]), prod(dims[axis:])].
// flatten_contiguous_range: dims start_axis..stop_axis (negative counts from the end)
// merged into one. The XShape output of the *2 forms only serves training.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class FlattenOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  FlattenParam param_;
};

class FlattenContiguousRangeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  FlattenParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
