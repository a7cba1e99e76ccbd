// The casts the optimizer inserts between kernels whose declared types differ:
// io_copy (target), calib (precision), layout (data layout), and their *_once variants,
// which the runtime runs a single time for weights. Out = Input in another type: the op
// passes dims and LoD through; the picked kernel decides the output's precision and
// layout (a layout kernel also permutes the dims, see layout_compute.cc).
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class TypeCastOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  TypeCastParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
