// expand_v2: Out = X broadcast to `shape` (from the Shape input, else the
// expand_shapes_tensor inputs, else the attribute). X is left-padded with 1s to the
// target rank; -1 keeps X's dim (not allowed for the new leading dims); an X dim that is
// not 1 must equal its target.
// tile: Out = X repeated `repeat_times` (RepeatTimes input, else repeat_times_tensor
// inputs, else the attribute); the shorter of X's dims and repeat_times is left-padded with
// 1s; every repeat must be positive.
// Both kernels copy X (padded) onto Out with the source index o % dim on every dim.
#pragma once

#include <string>
#include <vector>

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class ExpandV2Op : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override {
    return param_.shape_tensor || !param_.shape_tensor_list.empty();
  }

 private:
  ExpandV2Param param_;
};

class TileOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }
  bool ShapeDependsOnInputValues() const override {
    return param_.repeat_times_tensor || !param_.repeat_times_tensor_list.empty();
  }

 private:
  TileParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
