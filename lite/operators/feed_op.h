// feed: copies (shares) the predictor's input `col` from the feed list into its output var.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class FeedOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override { return true; }  // input is a list

 private:
  FeedParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
