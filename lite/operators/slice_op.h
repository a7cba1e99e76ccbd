// slice: Out = Input[starts:ends] along `axes`, with Paddle's bound handling (negative
// bounds count from the end, out-of-range bounds are clamped) and `decrease_axis`
// dropping sliced dims of size 1. StartsTensor/EndsTensor (or their one-value-per-axis
// lists) override the attributes at run time.
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// The region read from the input: one [start, end) per input dim.
struct SliceRegion {
  std::vector<int64_t> starts;
  std::vector<int64_t> ends;
};

// Resolves bounds (tensor inputs first, then attributes), wraps and clamps them like
// Paddle; throws naming `op` on a bad axis or an empty-reversed range.
SliceRegion ResolveSliceRegion(const SliceParam& param, const DDim& in_dims,
                               const std::string& op);

class SliceOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override;

 private:
  SliceParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
