// concat: joins the X inputs along `axis` (negative counts from the end; AxisTensor
// overrides it). All inputs have the same rank and equal dims except on the axis.
#pragma once

#include <string>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// The concat axis (AxisTensor first), normalized to [0, rank).
int ResolveConcatAxis(const ConcatParam& param, size_t rank, const std::string& op);

class ConcatOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override { return param_.axis_tensor != nullptr; }

 private:
  ConcatParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
