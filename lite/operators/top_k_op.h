// top_k and top_k_v2: the k largest (or, with `largest` false, smallest) elements of X
// along `axis` and their int64 indices, Out and Indices of X's dims with that axis set to
// k. k is the value of the optional one-element K input (int32 or int64) when given, else
// the `k` attribute (default 1); 1 <= k <= X's dim. top_k (v1) always searches the last
// axis and has no other attributes; top_k_v2 adds `axis` (default -1), `largest` (true)
// and `sorted` (true). Results are in sorted order either way (Paddle's CPU kernel sorts
// them too), ties by the lower index first.
#pragma once

#include <string>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class TopKOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override { return param_.k_tensor != nullptr; }

 private:
  TopKParam param_;
};

// k from the K input when given, else the attribute; throws naming `op` when out of
// [1, dim].
int ResolveTopK(const TopKParam& param, int64_t dim, const std::string& op);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
