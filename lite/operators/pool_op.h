// pool2d (NCHW): max or average pooling; global, adaptive, ceil_mode, exclusive and
// the EXPLICIT/SAME/VALID padding algorithms as Paddle defines them.
#pragma once

#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class PoolOpLite : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  // InferShape writes the effective ksize (global pooling) and paddings (SAME, VALID,
  // global, adaptive) for the current input size; the attribute values are kept here.
  mutable PoolParam param_;
  std::vector<int> attr_ksize_;
  std::vector<int> attr_paddings_;  // 4 values
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
