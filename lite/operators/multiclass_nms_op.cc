#include "lite/operators/multiclass_nms_op.h"

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {
namespace operators {

bool MulticlassNmsOp::CheckShape() const {
  const DDim& boxes = param_.bboxes->dims();
  const DDim& scores = param_.scores->dims();
  PLITE_CHECK(scores.size() != 2, "op '", Type(), "': the LoD form with 2-D Scores ", scores,
              " is not supported; Scores must be [N, C, M] and BBoxes [N, M, 4]");
  PLITE_CHECK(scores.size() == 3, "op '", Type(), "': Scores must be 3-D [N, C, M], got ",
              scores);
  PLITE_CHECK(boxes.size() == 3, "op '", Type(), "': BBoxes must be 3-D [N, M, 4], got ", boxes);
  PLITE_CHECK(boxes[2] == 4, "op '", Type(), "': BBoxes ", boxes,
              " must hold 4 coordinates per box (polygon boxes are not supported)");
  PLITE_CHECK(boxes[0] == scores[0] && boxes[1] == scores[2], "op '", Type(), "': BBoxes ",
              boxes, " and Scores ", scores, " disagree on N or M");
  return true;
}

bool MulticlassNmsOp::InferShapeImpl() const {
  // The row count is data dependent: the kernel resizes Out (and Index) when it runs.
  param_.out->Resize({0, 6});
  if (param_.index) param_.index->Resize({0, 1});
  if (param_.nms_rois_num) param_.nms_rois_num->Resize({param_.scores->dims()[0]});
  return true;
}

bool MulticlassNmsOp::AttachImpl(const cpp::OpDesc& desc, Scope* scope) {
  param_ = MulticlassNmsParam();
  param_.bboxes = GetInputTensor(desc, scope, "BBoxes");
  param_.scores = GetInputTensor(desc, scope, "Scores");
  param_.rois_num = GetOptionalInputTensor(desc, scope, "RoisNum");
  param_.out = GetOutputTensor(desc, scope, "Out");
  if (desc.HasOutput("Index")) param_.index = GetOutputTensor(desc, scope, "Index");
  if (desc.HasOutput("NmsRoisNum")) {
    param_.nms_rois_num = GetOutputTensor(desc, scope, "NmsRoisNum");
  }
  param_.background_label = desc.GetAttrOr<int32_t>("background_label", 0);
  param_.score_threshold = desc.GetAttr<float>("score_threshold");
  param_.nms_top_k = desc.GetAttr<int32_t>("nms_top_k");
  param_.nms_threshold = desc.GetAttrOr<float>("nms_threshold", 0.3f);
  param_.nms_eta = desc.GetAttrOr<float>("nms_eta", 1.f);
  param_.keep_top_k = desc.GetAttr<int32_t>("keep_top_k");
  param_.normalized = desc.GetAttrOr<bool>("normalized", true);
  PLITE_CHECK(param_.nms_eta > 0.f, "op '", Type(),
              "': attribute 'nms_eta' must be > 0, got ", param_.nms_eta);
  return true;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle

REGISTER_LITE_OPS((multiclass_nms, multiclass_nms2, multiclass_nms3), paddle::lite::operators::MulticlassNmsOp);
