// reshape / reshape2: Out = X with new dims. The shape comes from the ShapeTensor list
// (one value per dim), else the Shape tensor, else the `shape` attribute; in every case a
// 0 copies the input dim at that position and one -1 is inferred from the element count.
// reshape2's XShape output only serves training and is left untouched.
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

// Applies the 0 / -1 rules of `shape` to an input of `in_dims`; throws naming `op` when
// the shape is malformed or does not hold the input's elements.
DDim ResolveReshapeDims(const std::vector<int64_t>& shape, const DDim& in_dims,
                        const std::string& op);

class ReshapeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override {
    return param_.shape_tensor || !param_.shape_tensor_list.empty();
  }

 private:
  ReshapeParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
