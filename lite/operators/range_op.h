// range: Out = [start, start + step, ...) up to end, 1-D, of Start's type (float32,
// int32 or int64; End and Step of the same type). Its length is ceil(|end - start| / |step|)
// (for integers (|end - start| + |step| - 1) / |step|); step 0 or a step pointing away from
// end is an error, start == end gives an empty Out.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class RangeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override { return true; }

 private:
  RangeParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
