// split: cuts X along `axis` into Out[0..k): `num` equal parts, or parts of `sections`
// sizes (one -1 is inferred). AxisTensor and SectionsTensorList override the attributes.
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// The split axis (AxisTensor first), normalized to [0, rank).
int ResolveSplitAxis(const SplitParam& param, size_t rank, const std::string& op);

class SplitOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override {
    return param_.axis_tensor || !param_.sections_tensor_list.empty();
  }

 private:
  SplitParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
