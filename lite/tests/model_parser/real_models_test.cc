// Loads the real Paddle models of the shared model dir ($PLITE_MODELS_DIR, default
// ../shared/models beside the source tree) and checks them against the figures of
// their MANIFEST.txt: op counts per type, param count, weights loaded, feeds. Params are
// also written back and compared byte for byte with the original files.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>

#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/params_io.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/shared_models.h"

namespace paddle {
namespace lite {
namespace {

namespace fs = std::filesystem;
using testing::ReadBytes;
using testing::TempDir;

struct ManifestFigures {
  std::string dir;
  bool combined;
  int64_t version;
  std::map<std::string, int> op_counts;
  size_t persistable_vars;
  int64_t weights;
  std::vector<std::string> feeds;  // by col
};

std::string ModelsDir() { return test::SharedModelsRoot(); }

// Figures copied from each model's MANIFEST.txt.
const std::vector<ManifestFigures>& Manifests() {
  static const std::vector<ManifestFigures> kModels = {
      {"mnist_mlp_sep", false, 2001000,
       {{"mul", 3}, {"elementwise_add", 3}, {"relu", 2}, {"feed", 1}, {"softmax", 1},
        {"scale", 1}, {"fetch", 1}},
       6, 89610, {"image"}},
      {"squeezenet_gesture_sep", false, 1006002,
       {{"conv2d", 26}, {"elementwise_add", 26}, {"relu", 26}, {"batch_norm", 26},
        {"concat", 8}, {"pool2d", 4}, {"feed", 1}, {"dropout", 1}, {"flatten2", 1},
        {"softmax", 1}, {"scale", 1}, {"fetch", 1}},
       156, 187626, {"image"}},
      {"ppocr_cls_mobile_v2", true, 0,
       {{"conv2d", 42}, {"batch_norm", 35}, {"elementwise_add", 26}, {"hard_swish", 18},
        {"relu", 15}, {"depthwise_conv2d", 11}, {"pool2d", 11}, {"hard_sigmoid", 9},
        {"elementwise_mul", 9}, {"shape", 2}, {"slice", 2}, {"feed", 1}, {"reshape2", 1},
        {"matmul", 1}, {"softmax", 1}, {"scale", 1}, {"fetch", 1}},
       213, 133628, {"x"}},
      {"ppyolo_tiny_trash", true, 2004000,
       {{"batch_norm", 64}, {"conv2d", 62}, {"elementwise_add", 29}, {"depthwise_conv2d", 21},
        {"relu", 20}, {"hard_swish", 19}, {"leaky_relu", 18}, {"pool2d", 11},
        {"hard_sigmoid", 8}, {"elementwise_mul", 8}, {"concat", 5}, {"feed", 3},
        {"yolo_box", 3}, {"transpose2", 3}, {"nearest_interp_v2", 2}, {"fetch", 2},
        {"elementwise_div", 1}, {"cast", 1}, {"multiclass_nms3", 1}},
       358, 1024344, {"im_shape", "image", "scale_factor"}},
      {"mobilenet_v2_structure_only", true, 2000002,
       {{"batch_norm", 53}, {"conv2d", 36}, {"relu6", 36}, {"depthwise_conv2d", 17},
        {"elementwise_add", 11}, {"feed", 1}, {"pool2d", 1}, {"flatten_contiguous_range", 1},
        {"matmul", 1}, {"softmax", 1}, {"scale", 1}, {"fetch", 1}},
       267, 3540136, {"inputs"}},
  };
  return kModels;
}

class RealModelTest : public ::testing::TestWithParam<ManifestFigures> {
 protected:
  void SetUp() override {
    if (!fs::is_directory(ModelsDir())) {
      GTEST_SKIP() << "\n*** REAL MODELS NOT FOUND: '" << ModelsDir()
                   << "' is not a directory. Set PLITE_MODELS_DIR to the shared model dir "
                      "(e.g. /work/shared/models). These tests did NOT run. ***";
    }
    dir_ = (fs::path(ModelsDir()) / GetParam().dir).string();
    ASSERT_TRUE(fs::is_directory(dir_)) << "model missing from the model dir: " << dir_;
  }
  std::string dir_;
};

TEST_P(RealModelTest, LoadsWithManifestFigures) {
  const ManifestFigures& m = GetParam();
  Scope scope;
  cpp::ProgramDesc program;
  const ModelFiles files = LoadModel(dir_, "", "", &scope, &program);
  EXPECT_EQ(files.combined(), m.combined);
  EXPECT_EQ(program.version, m.version);
  ASSERT_EQ(program.blocks.size(), 1u);

  std::map<std::string, int> op_counts;
  std::map<int, std::string> feeds;
  for (const auto& op : program.blocks[0].ops) {
    ++op_counts[op.Type()];
    if (op.Type() == "feed") feeds[op.GetAttr<int32_t>("col")] = op.Output("Out").at(0);
  }
  EXPECT_EQ(op_counts, m.op_counts);
  std::vector<std::string> feed_names;
  for (const auto& kv : feeds) feed_names.push_back(kv.second);
  EXPECT_EQ(feed_names, m.feeds);

  const auto params = pb::ParamVars(program);
  EXPECT_EQ(params.size(), m.persistable_vars);
  int64_t weights = 0;
  for (const cpp::VarDesc* var : params) {
    const Tensor* t = scope.FindTensor(var->name);
    ASSERT_NE(t, nullptr) << var->name;
    EXPECT_TRUE(t->persistable());
    EXPECT_EQ(t->precision(), PrecisionType::kFloat) << var->name;
    EXPECT_EQ(t->dims().Vectorize(), var->shape) << var->name;
    weights += t->numel();
  }
  EXPECT_EQ(weights, m.weights);
}

TEST_P(RealModelTest, ParamsWrittenBackAreByteIdentical) {
  Scope scope;
  cpp::ProgramDesc program;
  const ModelFiles files = LoadModel(dir_, "", "", &scope, &program);
  TempDir out;
  if (files.combined()) {
    pb::SaveCombinedParams(out / "params", program, scope);
    EXPECT_TRUE(ReadBytes(out / "params") == ReadBytes(files.params_file));
  } else {
    pb::SaveSeparateParams(out.path(), program, scope);
    for (const cpp::VarDesc* var : pb::ParamVars(program)) {
      EXPECT_TRUE(ReadBytes(out / var->name) ==
                  ReadBytes((fs::path(files.params_dir) / var->name).string()))
          << var->name;
    }
  }
  // And the program survives our own save/load.
  Scope reloaded_scope;
  cpp::ProgramDesc reloaded;
  SaveModelPb(out / "model", program, scope, true);
  LoadModel(out / "model", "", "", &reloaded_scope, &reloaded);
  testing::ExpectSameProgram(program, reloaded);
}

INSTANTIATE_TEST_SUITE_P(SharedModels, RealModelTest, ::testing::ValuesIn(Manifests()),
                         [](const ::testing::TestParamInfo<ManifestFigures>& info) {
                           return info.param.dir;
                         });

TEST(RealModels, FluidOneModelKeepsIntFlags) {
  const std::string dir = (fs::path(ModelsDir()) / "squeezenet_gesture_sep").string();
  if (!fs::is_directory(dir)) {
    GTEST_SKIP() << "\n*** REAL MODEL NOT FOUND: " << dir
                 << ". Set PLITE_MODELS_DIR. This test did NOT run. ***";
  }
  Scope scope;
  cpp::ProgramDesc program;
  LoadModel(dir, "", "", &scope, &program);
  for (const auto& op : program.blocks[0].ops) {
    if (op.Type() != "dropout") continue;
    EXPECT_EQ(op.GetAttrType("is_test"), cpp::AttrType::INT);  // BOOLEAN in Paddle 2.x
    EXPECT_TRUE(op.GetAttr<bool>("is_test"));
    return;
  }
  FAIL() << "no dropout op";
}

}  // namespace
}  // namespace lite
}  // namespace paddle
