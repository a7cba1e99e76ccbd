// shuffle_channel: Out[n, i * group + j] = X[n, j * (C / group) + i] for an NCHW X, i.e.
// reshape to [N, group, C/group, H, W], swap dims 1 and 2, reshape back. X must be 4-D
// with C divisible by `group` (>= 1). shuffle_channel_fuse_pass writes it in place of that
// reshape2 -> transpose2 -> reshape2 chain.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ShuffleChannelOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  ShuffleChannelParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
