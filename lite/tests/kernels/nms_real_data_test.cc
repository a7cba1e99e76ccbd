// multiclass_nms3 on the real NMS inputs of ppyolo_tiny_trash (the detector's boxes and
// scores for a fixed image), compared with the stored reference outputs.
// The model directory comes from PLITE_MODELS_DIR (default ../shared/models beside the
// source tree); when the
// reference files are not there the test is skipped with a message.
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

#include "lite/tests/kernels/shape_test_util.h"
#include "lite/tests/shared_models.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
std::string ReferenceDir() {
  return SharedModelsRoot() + "/ppyolo_tiny_trash/reference/ppyolo_1x3x320x320.";
}

template <typename T>
std::vector<T> ReadRaw(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<T> out(bytes.size() / sizeof(T));
  std::memcpy(out.data(), bytes.data(), out.size() * sizeof(T));
  return out;
}
}  // namespace

TEST(MulticlassNmsRealData, PpyoloTinyTrashMatchesReference) {
  const std::string prefix = ReferenceDir();
  if (!std::ifstream(prefix + "boxes_prenms.f32").good()) {
    GTEST_SKIP() << "\n*** SKIPPED: real NMS data not found at " << prefix
                 << "boxes_prenms.f32 ***\n*** set PLITE_MODELS_DIR to the models directory "
                    "(e.g. /work/shared/models) to run this test ***";
  }
  const std::vector<float> boxes = ReadRaw<float>(prefix + "boxes_prenms.f32");
  const std::vector<float> scores = ReadRaw<float>(prefix + "scores_prenms.f32");
  const std::vector<float> expected_out = ReadRaw<float>(prefix + "nms_out.f32");
  const std::vector<int32_t> expected_index = ReadRaw<int32_t>(prefix + "nms_index.i32");
  const std::vector<int32_t> expected_num = ReadRaw<int32_t>(prefix + "nms_rois_num.i32");
  ASSERT_EQ(boxes.size(), 6300u * 4);
  ASSERT_EQ(scores.size(), 13u * 6300);
  ASSERT_EQ(expected_out.size(), expected_index.size() * 6);

  OpRunner r("multiclass_nms3");
  r.SetInput("BBoxes", "boxes", {1, 6300, 4}, boxes);
  r.SetInput("Scores", "scores", {1, 13, 6300}, scores);
  r.SetOutput("Out", "out");
  r.SetOutput("Index", "index");
  r.SetOutput("NmsRoisNum", "rois_num");
  // The attributes of the model's multiclass_nms3 op, read from
  // ppyolo_tiny_trash/model.pdmodel with the protobuf package and paddle_subset.proto
  // (float values as stored: 0.005f and 0.45f). background_label 13 equals the class
  // count, so no class is skipped.
  r.desc().SetAttr<int32_t>("background_label", 13);
  r.desc().SetAttr<int32_t>("keep_top_k", 100);
  r.desc().SetAttr<float>("nms_eta", 1.0f);
  r.desc().SetAttr<float>("nms_threshold", 0.45f);
  r.desc().SetAttr<int32_t>("nms_top_k", 1000);
  r.desc().SetAttr<bool>("normalized", true);
  r.desc().SetAttr<float>("score_threshold", 0.005f);
  r.Run();

  const int64_t rows = static_cast<int64_t>(expected_index.size());
  EXPECT_EQ(r.Var("out")->dims(), DDim({rows, 6}));
  ExpectAllNear(ToVector(*r.Var("out")), expected_out, 1e-6f, 1e-6f);
  EXPECT_EQ(TypedValues<int32_t>(*r.Var("index")), expected_index);
  EXPECT_EQ(TypedValues<int32_t>(*r.Var("rois_num")), expected_num);
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
