// multiclass_nms3 / multiclass_nms on hand-built boxes: suppression within a class only,
// strict score threshold, IoU threshold inclusive, normalized areas, nms_top_k,
// keep_top_k, background label, adaptive eta, stable ties, batches, empty results; errors.
#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
// Three boxes: b0 and b1 overlap (IoU 81/119 = 0.68 normalized, 100/142 = 0.70 with +1),
// b2 is far away.
const std::vector<float> kBoxes = {0, 0, 10, 10, 1, 1, 11, 11, 20, 20, 30, 30};

struct NmsAttrs {
  int background_label = -1;
  float score_threshold = 0.05f;
  int nms_top_k = -1;
  float nms_threshold = 0.5f;
  float nms_eta = 1.f;
  int keep_top_k = -1;
  bool normalized = true;
};

std::unique_ptr<OpRunner> NmsRunner(const std::string& type, int n, int classes, int m,
                                    const std::vector<float>& boxes,
                                    const std::vector<float>& scores, const NmsAttrs& a) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("BBoxes", "boxes", {n, m, 4}, boxes);
  r->SetInput("Scores", "scores", {n, classes, m}, scores);
  r->SetOutput("Out", "out");
  if (type != "multiclass_nms") r->SetOutput("Index", "index");
  if (type == "multiclass_nms3") r->SetOutput("NmsRoisNum", "rois_num");
  r->desc().SetAttr<int32_t>("background_label", a.background_label);
  r->desc().SetAttr<float>("score_threshold", a.score_threshold);
  r->desc().SetAttr<int32_t>("nms_top_k", a.nms_top_k);
  r->desc().SetAttr<float>("nms_threshold", a.nms_threshold);
  r->desc().SetAttr<float>("nms_eta", a.nms_eta);
  r->desc().SetAttr<int32_t>("keep_top_k", a.keep_top_k);
  r->desc().SetAttr<bool>("normalized", a.normalized);
  return r;
}

// One output row: label, score, then the box.
std::vector<float> Row(float label, float score, int box) {
  return {label, score, kBoxes[box * 4], kBoxes[box * 4 + 1], kBoxes[box * 4 + 2],
          kBoxes[box * 4 + 3]};
}

std::vector<float> Rows(std::initializer_list<std::vector<float>> rows) {
  std::vector<float> out;
  for (const auto& r : rows) out.insert(out.end(), r.begin(), r.end());
  return out;
}

// class 0: b0 .9, b1 .8, b2 .7; class 1: b0 .1, b1 .6, b2 .05 (not above 0.05).
const std::vector<float> kScores = {0.9f, 0.8f, 0.7f, 0.1f, 0.6f, 0.05f};
}  // namespace

TEST(MulticlassNms, SuppressesOverlapsWithinAClassOnly) {
  auto r = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, kScores, NmsAttrs());
  r->Run();
  // class 0 keeps b0, drops b1 (IoU .68 > .5), keeps b2; class 1 keeps b1, drops b0;
  // class 1's b2 scores exactly the threshold and is not a candidate.
  EXPECT_EQ(r->Var("out")->dims(), DDim({3, 6}));
  ExpectAllNear(ToVector(*r->Var("out")),
                Rows({Row(0, 0.9f, 0), Row(0, 0.7f, 2), Row(1, 0.6f, 1)}), 0.f);
  EXPECT_EQ(r->Var("index")->dims(), DDim({3, 1}));
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("index")), (std::vector<int32_t>{0, 2, 1}));
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("rois_num")), (std::vector<int32_t>{3}));
}

TEST(MulticlassNms, NormalizedDecidesTheAreaConvention) {
  NmsAttrs a;
  a.nms_threshold = 0.69f;  // between 0.681 (normalized) and 0.704 (pixel +1)
  auto normalized = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, kScores, a);
  normalized->Run();
  EXPECT_EQ(normalized->Var("out")->dims(), DDim({5, 6}));  // nothing suppressed
  a.normalized = false;
  auto pixels = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, kScores, a);
  pixels->Run();
  EXPECT_EQ(pixels->Var("out")->dims(), DDim({3, 6}));
}

TEST(MulticlassNms, IouEqualToThresholdIsKept) {
  // [0,0,4,1] and [0,0,2,1]: intersection 2, union 4, IoU exactly 0.5.
  const std::vector<float> boxes = {0, 0, 4, 1, 0, 0, 2, 1};
  auto r = NmsRunner("multiclass_nms3", 1, 1, 2, boxes, {0.9f, 0.8f}, NmsAttrs());
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({2, 6}));
  NmsAttrs a;
  a.nms_threshold = 0.49f;
  auto r2 = NmsRunner("multiclass_nms3", 1, 1, 2, boxes, {0.9f, 0.8f}, a);
  r2->Run();
  EXPECT_EQ(r2->Var("out")->dims(), DDim({1, 6}));
}

TEST(MulticlassNms, KeepTopKKeepsBestScoresThenGroupsByLabel) {
  // Survivors: (c0, b0, .9), (c0, b2, .7), (c1, b1, .75); the best two are .9 and .75.
  std::vector<float> scores = kScores;
  scores[4] = 0.75f;
  NmsAttrs a;
  a.keep_top_k = 2;
  auto r = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, scores, a);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("out")), Rows({Row(0, 0.9f, 0), Row(1, 0.75f, 1)}), 0.f);
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("index")), (std::vector<int32_t>{0, 1}));
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("rois_num")), (std::vector<int32_t>{2}));
}

TEST(MulticlassNms, NmsTopKLimitsCandidatesPerClass) {
  NmsAttrs a;
  a.nms_top_k = 1;
  auto r = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, kScores, a);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("out")), Rows({Row(0, 0.9f, 0), Row(1, 0.6f, 1)}), 0.f);
}

TEST(MulticlassNms, BackgroundLabelIsSkippedOnlyWhenInRange) {
  NmsAttrs a;
  a.background_label = 0;
  auto skip = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, kScores, a);
  skip->Run();
  ExpectAllNear(ToVector(*skip->Var("out")), Rows({Row(1, 0.6f, 1)}), 0.f);
  a.background_label = 2;  // == class count: nothing skipped
  auto keep = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, kScores, a);
  keep->Run();
  EXPECT_EQ(keep->Var("out")->dims(), DDim({3, 6}));
}

TEST(MulticlassNms, AdaptiveEtaTightensAfterEachKeep) {
  // b1 = [0,0,10,4.5] lies in b0 = [0,0,10,10]: IoU 0.45. Threshold 0.8 keeps both; with
  // eta 0.5 the threshold drops to 0.4 after b0 is kept, so b1 goes.
  const std::vector<float> boxes = {0, 0, 10, 10, 0, 0, 10, 4.5f};
  NmsAttrs a;
  a.nms_threshold = 0.8f;
  auto plain = NmsRunner("multiclass_nms3", 1, 1, 2, boxes, {0.9f, 0.8f}, a);
  plain->Run();
  EXPECT_EQ(plain->Var("out")->dims(), DDim({2, 6}));
  a.nms_eta = 0.5f;
  auto adaptive = NmsRunner("multiclass_nms3", 1, 1, 2, boxes, {0.9f, 0.8f}, a);
  adaptive->Run();
  EXPECT_EQ(adaptive->Var("out")->dims(), DDim({1, 6}));
}

TEST(MulticlassNms, EqualScoresKeepBoxOrder) {
  auto r = NmsRunner("multiclass_nms3", 1, 1, 3, kBoxes, {0.5f, 0.1f, 0.5f}, NmsAttrs());
  r->Run();
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("index")), (std::vector<int32_t>{0, 2}));
}

TEST(MulticlassNms, BatchIndexCountsBoxesOfEarlierImages) {
  std::vector<float> boxes = kBoxes;
  boxes.insert(boxes.end(), kBoxes.begin(), kBoxes.end());
  // image 0: only class 1's b1 passes; image 1: class 0 keeps b2 only.
  const std::vector<float> scores = {0, 0, 0, 0, 0.6f, 0, 0, 0, 0.7f, 0, 0, 0};
  auto r = NmsRunner("multiclass_nms3", 2, 2, 3, boxes, scores, NmsAttrs());
  r->Run();
  ExpectAllNear(ToVector(*r->Var("out")), Rows({Row(1, 0.6f, 1), Row(0, 0.7f, 2)}), 0.f);
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("index")), (std::vector<int32_t>{1, 5}));
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("rois_num")), (std::vector<int32_t>{1, 1}));
  EXPECT_EQ(r->Var("out")->lod(), LoD({{0, 1, 2}}));
}

TEST(MulticlassNms, NoDetectionGivesZeroRows) {
  NmsAttrs a;
  a.score_threshold = 0.95f;
  auto r = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, kScores, a);
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({0, 6}));
  EXPECT_EQ(r->Var("index")->dims(), DDim({0, 1}));
  EXPECT_EQ(TypedValues<int32_t>(*r->Var("rois_num")), (std::vector<int32_t>{0}));
}

TEST(MulticlassNms, V1WithoutIndexReportsNoDetectionAsMinusOne) {
  NmsAttrs a;
  a.score_threshold = 0.95f;
  auto r = NmsRunner("multiclass_nms", 1, 2, 3, kBoxes, kScores, a);
  r->Run();
  EXPECT_EQ(r->Var("out")->dims(), DDim({1, 1}));
  ExpectAllNear(ToVector(*r->Var("out")), {-1.f}, 0.f);
  auto found = NmsRunner("multiclass_nms", 1, 2, 3, kBoxes, kScores, NmsAttrs());
  found->Run();
  ExpectAllNear(ToVector(*found->Var("out")),
                Rows({Row(0, 0.9f, 0), Row(0, 0.7f, 2), Row(1, 0.6f, 1)}), 0.f);
}

TEST(MulticlassNms, LodFormIsRejected) {
  OpRunner r("multiclass_nms3");
  r.SetInput("BBoxes", "boxes", {3, 2, 4}, std::vector<float>(24, 0.f));
  r.SetInput("Scores", "scores", {3, 2}, std::vector<float>(6, 0.f));
  r.SetOutput("Out", "out");
  r.desc().SetAttr<float>("score_threshold", 0.1f);
  r.desc().SetAttr<int32_t>("nms_top_k", -1);
  r.desc().SetAttr<int32_t>("keep_top_k", -1);
  EXPECT_PLITE_ERROR(r.InferShapeOnly(), "the LoD form with 2-D Scores");
}

TEST(MulticlassNms, MismatchedBoxCountIsAnError) {
  auto r = NmsRunner("multiclass_nms3", 1, 2, 3, kBoxes, kScores, NmsAttrs());
  r->Var("scores")->Resize({1, 3, 2});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "disagree on N or M");
}

TEST(MulticlassNms, PolygonBoxesAreRejected) {
  OpRunner r("multiclass_nms3");
  r.SetInput("BBoxes", "boxes", {1, 2, 8}, std::vector<float>(16, 0.f));
  r.SetInput("Scores", "scores", {1, 1, 2}, {0.5f, 0.5f});
  r.SetOutput("Out", "out");
  r.desc().SetAttr<float>("score_threshold", 0.1f);
  r.desc().SetAttr<int32_t>("nms_top_k", -1);
  r.desc().SetAttr<int32_t>("keep_top_k", -1);
  EXPECT_PLITE_ERROR(r.InferShapeOnly(), "must hold 4 coordinates per box");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
