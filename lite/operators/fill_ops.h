// Ops that make a tensor from attributes rather than from data:
// - fill_constant: Out of `dtype`, shaped by ShapeTensor, else ShapeTensorList, else the
//   `shape` attribute, filled with ValueTensor's value, else `str_value` when non-empty,
//   else `value`.
// - fill_constant_batch_size_like: the same fill, shaped `shape` with dim `output_dim_idx`
//   taken from dim `input_dim_idx` of Input (its sequence count when Input has a LoD and
//   input_dim_idx is 0).
// - fill_any_like: Out shaped like X, filled with `value`, of `dtype` (-1: X's type).
// - assign_value: Out shaped `shape`, of `dtype`, holding the `<dtype>_values` attribute.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class FillConstantOp : public OpLite {
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
  FillConstantParam param_;
};

class FillConstantBatchSizeLikeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  FillConstantParam param_;
};

class FillAnyLikeOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  FillConstantParam param_;
};

class AssignValueOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override { return true; }
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  AssignValueParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
