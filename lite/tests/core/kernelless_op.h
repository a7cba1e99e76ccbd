// An op a build registers but has no kernel for, standing for an op that cannot run here.
// Each test binary registers it once, under its own op type, at global scope:
//   REGISTER_LITE_OP(test_kernelless, paddle::lite::test::KernellessOp);
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace test {

class KernellessOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override { return true; }

 protected:
  bool AttachImpl(const cpp::OpDesc&, Scope*) override { return true; }
  ParamBase* mutable_param() override { return &param_; }

 private:
  operators::ActivationParam param_;  // any param will do: nothing reads it
};

}  // namespace test
}  // namespace lite
}  // namespace paddle
