#include "lite/operators/yolo_box_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool YoloBoxOp::CheckShape() const {
  const DDim& x = param_.x->dims();
  const DDim& img = param_.img_size->dims();
  PLITE_CHECK(x.size() == 4, "op '", Type(), "': X must be 4-D [N, C, H, W], got ", x);
  const int64_t anchors = static_cast<int64_t>(param_.anchors.size() / 2);
  // In int64: class_num may be as large as an int32 holds.
  const int64_t channels = anchors * (5 + static_cast<int64_t>(param_.class_num)) +
                           (param_.iou_aware ? anchors : 0);
  PLITE_CHECK(x[1] == channels, "op '", Type(), "': X has ", x[1], " channels but ", anchors,
              " anchors x (5 + class_num ", param_.class_num, ")",
              param_.iou_aware ? " + IoU maps" : "", " need ", channels);
  PLITE_CHECK(img.size() == 2 && img[0] == x[0] && img[1] == 2, "op '", Type(),
              "': ImgSize must be [N, 2] with N = ", x[0], ", got ", img);
  return true;
}

bool YoloBoxOp::InferShapeImpl() const {
  const DDim& x = param_.x->dims();
  const int64_t boxes =
      DDim({static_cast<int64_t>(param_.anchors.size() / 2), x[2], x[3]}).production();
  param_.boxes->Resize({x[0], boxes, 4});
  param_.scores->Resize({x[0], boxes, param_.class_num});
  return true;
}

bool YoloBoxOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = YoloBoxParam();
  param_.x = GetInputTensor(desc, scope, "X");
  param_.img_size = GetInputTensor(desc, scope, "ImgSize");
  param_.boxes = GetOutputTensor(desc, scope, "Boxes");
  param_.scores = GetOutputTensor(desc, scope, "Scores");
  param_.anchors = desc.GetAttr<std::vector<int32_t>>("anchors");
  param_.class_num = desc.GetAttr<int32_t>("class_num");
  param_.conf_thresh = desc.GetAttr<float>("conf_thresh");
  param_.downsample_ratio = desc.GetAttr<int32_t>("downsample_ratio");
  param_.clip_bbox = desc.GetAttrOr<bool>("clip_bbox", true);
  param_.scale_x_y = desc.GetAttrOr<float>("scale_x_y", 1.f);
  param_.iou_aware = desc.GetAttrOr<bool>("iou_aware", false);
  param_.iou_aware_factor = desc.GetAttrOr<float>("iou_aware_factor", 0.5f);
  PLITE_CHECK(!param_.anchors.empty() && param_.anchors.size() % 2 == 0, "op '", Type(),
              "': attribute 'anchors' must hold (w, h) pairs, got ", param_.anchors);
  PLITE_CHECK(param_.class_num > 0, "op '", Type(), "': attribute 'class_num' must be > 0, got ",
              param_.class_num);
  PLITE_CHECK(param_.downsample_ratio > 0, "op '", Type(),
              "': attribute 'downsample_ratio' must be > 0, got ", param_.downsample_ratio);
  PLITE_CHECK(param_.scale_x_y > 0.f, "op '", Type(), "': attribute 'scale_x_y' must be > 0, got ",
              param_.scale_x_y);
  PLITE_CHECK(param_.iou_aware_factor >= 0.f && param_.iou_aware_factor <= 1.f, "op '", Type(),
              "': attribute 'iou_aware_factor' must be in [0, 1], got ", param_.iou_aware_factor);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OP(yolo_box, paddle::lite::operators::YoloBoxOp);
