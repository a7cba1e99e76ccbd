// squeeze / squeeze2: Out = X without size-1 dims: those listed in `axes` (negative counts
// from the end; a listed dim that is not 1 stays), or every size-1 dim when `axes` is empty.
// unsqueeze / unsqueeze2: Out = X with a size-1 dim inserted at each of `axes` in turn, a
// negative axis counting from the end of the dims built so far (axis + rank + 1). The axes
// come from the AxesTensor input, else the AxesTensorList inputs, else the attribute.
// The XShape output of the *2 ops only serves training and is left untouched.
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// The dims of `in` squeezed at `axes`; throws naming `op` for an axis out of [-rank, rank).
DDim SqueezedDims(const DDim& in, const std::vector<int64_t>& axes, const std::string& op);
// The dims of `in` unsqueezed at `axes`; throws naming `op` for an axis out of range.
DDim UnsqueezedDims(const DDim& in, const std::vector<int64_t>& axes, const std::string& op);

class SqueezeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  SqueezeParam param_;
};

class UnsqueezeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override {
    return param_.axes_tensor || !param_.axes_tensor_list.empty();
  }

 private:
  UnsqueezeParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
