// cast: Out = X converted to `out_dtype`. in_dtype/out_dtype are Paddle VarType codes:
// 0 bool, 1 int16, 2 int32, 3 int64, 4 fp16, 5 fp32, 6 fp64, 20 uint8, 21 int8.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// The precision a Paddle VarType code names; kUnk for codes cast does not support.
PrecisionType CastDtypeToPrecision(int dtype);

class CastOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  CastParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
