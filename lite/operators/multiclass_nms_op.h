// multiclass_nms / multiclass_nms2 / multiclass_nms3: per image and class, greedy NMS over
// BBoxes [N, M, 4] scored by Scores [N, C, M]; Out [K, 6] rows (label, score, x0, y0, x1,
// y1) grouped by label ascending. Index [K, 1] (int32, image * M + box) and NmsRoisNum [N]
// (int32) are optional. K is known only after the kernel ran, so the kernel sizes Out.
// The 2-D LoD form (BBoxes [M, C, 4], Scores [M, C]) is not supported.
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class MulticlassNmsOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  MulticlassNmsParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
