// yolo_box: decodes one YOLOv3 head X [N, A*(5+C), H, W] (iou_aware: A more channels in
// front, one IoU map per anchor) into Boxes [N, A*H*W, 4] (x0, y0, x1, y1 in image
// pixels) and Scores [N, A*H*W, C]. ImgSize is int32 [N, 2] holding (h, w).
#pragma once

#include "lite/core/op_lite.h"
#include "lite/operators/op_params.h"

namespace paddle {
namespace lite {
namespace operators {

class YoloBoxOp : public OpLite {
 public:
  using OpLite::OpLite;
  bool CheckShape() const override;
  bool InferShapeImpl() const override;

 protected:
  bool AttachImpl(const cpp::OpDesc& desc, Scope* scope) override;
  ParamBase* mutable_param() override { return &param_; }

 private:
  YoloBoxParam param_;
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle
