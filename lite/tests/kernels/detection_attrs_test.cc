// Load-time attribute checks of the detection ops that were already there (yolo_box,
// multiclass_nms*), for the attributes their own tests leave out; and the missing-attribute
// message for the new ops' required attributes.
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// One anchor, one class: X has 1 * (5 + 1) channels.
std::unique_ptr<OpRunner> YoloRunner() {
  auto r = std::make_unique<OpRunner>("yolo_box");
  r->SetInput("X", "x", {1, 6, 2, 2}, std::vector<float>(24, 0.f));
  SetTypedInput<int32_t>(r.get(), "ImgSize", "img_size", {1, 2}, {64, 64});
  r->SetOutput("Boxes", "boxes");
  r->SetOutput("Scores", "scores");
  r->desc().SetAttr("anchors", std::vector<int>{10, 14});
  r->desc().SetAttr<int32_t>("class_num", 1);
  r->desc().SetAttr<float>("conf_thresh", 0.01f);
  r->desc().SetAttr<int32_t>("downsample_ratio", 32);
  return r;
}

std::unique_ptr<OpRunner> NmsRunner(const std::string& type) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("BBoxes", "boxes", {1, 2, 4}, {0, 0, 1, 1, 2, 2, 3, 3});
  r->SetInput("Scores", "scores", {1, 1, 2}, {0.9f, 0.8f});
  r->SetOutput("Out", "out");
  r->desc().SetAttr<float>("score_threshold", 0.1f);
  r->desc().SetAttr<int32_t>("nms_top_k", -1);
  r->desc().SetAttr<int32_t>("keep_top_k", -1);
  return r;
}

}  // namespace

TEST(YoloBoxAttrs, OutOfRangeValuesAreRejectedAtLoad) {
  auto ratio = YoloRunner();
  ratio->desc().SetAttr<int32_t>("downsample_ratio", 0);
  EXPECT_PLITE_ERROR(ratio->InferShapeOnly(),
                     "op 'yolo_box': attribute 'downsample_ratio' must be > 0, got 0");
  auto scale = YoloRunner();
  scale->desc().SetAttr<float>("scale_x_y", 0.f);
  EXPECT_PLITE_ERROR(scale->InferShapeOnly(),
                     "op 'yolo_box': attribute 'scale_x_y' must be > 0, got 0");
  auto factor = YoloRunner();
  factor->desc().SetAttr<float>("iou_aware_factor", 1.5f);
  EXPECT_PLITE_ERROR(factor->InferShapeOnly(),
                     "op 'yolo_box': attribute 'iou_aware_factor' must be in [0, 1], got 1.5");
  auto defaults = YoloRunner();  // clip_bbox, scale_x_y, iou_aware(_factor) default
  defaults->Run();
  EXPECT_EQ(defaults->Var("boxes")->dims(), DDim({1, 4, 4}));
}

TEST(YoloBoxAttrs, MissingRequiredAttributeIsNamed) {
  auto r = YoloRunner();
  r->desc().DeleteAttr("class_num");
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "op 'yolo_box': missing attribute 'class_num'");
}

TEST(MulticlassNmsAttrs, NonPositiveEtaIsRejectedAtLoad) {
  for (const char* type : {"multiclass_nms", "multiclass_nms2", "multiclass_nms3"}) {
    auto r = NmsRunner(type);
    r->desc().SetAttr<float>("nms_eta", 0.f);
    EXPECT_PLITE_ERROR(r->InferShapeOnly(),
                       StrCat("op '", type, "': attribute 'nms_eta' must be > 0, got 0"));
  }
}

TEST(MulticlassNmsAttrs, MissingRequiredAttributeIsNamed) {
  auto r = NmsRunner("multiclass_nms3");
  r->desc().DeleteAttr("keep_top_k");
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "op 'multiclass_nms3': missing attribute 'keep_top_k'");
}

TEST(MulticlassNmsAttrs, Nms3TakesRoisNumAndGivesNmsRoisNum) {
  // With 3-D Scores the batch comes from the shapes; RoisNum (for the LoD form) is unused.
  auto r = NmsRunner("multiclass_nms3");
  r->desc().SetAttr<int32_t>("background_label", -1);  // (the default 0 would skip our class)
  SetTypedInput<int32_t>(r.get(), "RoisNum", "rois_num", {1}, {2});
  r->SetOutput("Index", "index");
  r->SetOutput("NmsRoisNum", "nms_rois_num");
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 6}));
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("nms_rois_num")), (std::vector<int32_t>{2}));
}

TEST(NewDetectionOps, MissingRequiredAttributesAreNamed) {
  OpRunner prior("prior_box");
  prior.SetInput("Input", "input", {1, 1, 1, 1}, {0.f});
  prior.SetInput("Image", "image", {1, 1, 4, 4}, std::vector<float>(16, 0.f));
  prior.SetOutput("Boxes", "boxes");
  prior.SetOutput("Variances", "variances");
  prior.desc().SetAttr("variances", std::vector<float>{0.1f, 0.1f, 0.2f, 0.2f});
  prior.desc().SetAttr("aspect_ratios", std::vector<float>{});
  EXPECT_PLITE_ERROR(prior.InferShapeOnly(), "op 'prior_box': missing attribute 'min_sizes'");
  OpRunner density("density_prior_box");
  density.SetInput("Input", "input", {1, 1, 1, 1}, {0.f});
  density.SetInput("Image", "image", {1, 1, 4, 4}, std::vector<float>(16, 0.f));
  density.SetOutput("Boxes", "boxes");
  density.SetOutput("Variances", "variances");
  EXPECT_PLITE_ERROR(density.InferShapeOnly(),
                     "op 'density_prior_box': missing attribute 'variances'");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
