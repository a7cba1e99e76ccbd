// elementwise_add / sub / mul / div / pow / max / min / floordiv / mod:
// Out = act(X op Y) with Paddle's axis broadcasting (see ElementwiseBroadcast). Only
// add/sub/mul/div take part in fusions; the others run on host.
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// X and Y brought to a common rank: the smaller operand padded with 1-dims so its dims
// line up with the larger one's starting at `axis`.
struct BroadcastShape {
  std::vector<int64_t> x_dims;
  std::vector<int64_t> y_dims;
  std::vector<int64_t> out_dims;
};

// Paddle's rule: the operand of smaller rank (Y when the ranks are equal) is aligned with
// the other's dims starting at `axis` (-1: its trailing dims). Trailing 1-dims of the
// smaller operand are dropped when it would not fit otherwise (Y [C, 1] at axis 1 of
// X [N, C]). Then each dim pair must be equal or contain a 1, numpy style, and Out takes
// the larger. Throws naming `op_type` and both shapes when they are incompatible.
BroadcastShape ElementwiseBroadcast(const DDim& x, const DDim& y, int axis,
                                    const std::string& op_type);

class ElementwiseOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  ElementwiseParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
