// cumsum: Out = running sums of X along `axis` (default -1), or of X flattened to 1-D
// when `flatten` (Out is then 1-D). `exclusive` leaves each element out of its own sum
// (the first sum is 0); `reverse` sums from the end.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class CumsumOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  CumsumParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
