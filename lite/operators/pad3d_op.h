// pad3d: X [N, C, D, H, W] (data_format NCDHW) or [N, D, H, W, C] (NDHWC) padded by
// paddings [left, right, top, bottom, front, back] (from the Paddings input when given)
// on W, H, D. Modes: constant (`value`), reflect (mirror without the edge; each pad must
// be smaller than its dim), replicate (edge value), circular (wrap around).
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// The 6 paddings (Paddings input first), each checked non-negative.
std::vector<int64_t> ResolvePad3dPaddings(const Pad3dParam& p, const std::string& op);

class Pad3dOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override { return param_.paddings_tensor != nullptr; }

 private:
  Pad3dParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
