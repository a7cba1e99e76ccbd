// Every shared real model on the ARM kernels (valid places arm, host) against its stored
// reference, two ways: loaded and optimized here (CxxConfig), and as the .nb that the build
// machine's opt wrote for ARM (--valid_targets=arm), run by MobileConfig. The optimized
// graphs must run every convolution, pool, fc/matmul and activation on ARM. Skips loudly
// when the shared models, or the .nb files (PLITE_ARM_NB_DIR), are absent.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/api/light_api.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// The op types whose kernels must be ARM wherever they occur: where the time goes.
const std::set<std::string> kArmOps = {
    "conv2d",     "depthwise_conv2d", "conv2d_transpose", "pool2d",     "fc",
    "matmul",     "matmul_v2",        "mul",              "relu",       "relu6",
    "leaky_relu", "hard_swish",       "hard_sigmoid",     "sigmoid",    "swish",
    "tanh",       "gelu",             "exp",              "abs"};

struct Input {
  std::string file;  // in reference/
  lite_api::shape_t shape;
};

struct ArmModel {
  std::string name;              // directory under the shared models (or next/, incoming/)
  std::string model, params;     // file names; empty: the separate-files format
  std::vector<Input> inputs;
  std::string output;            // output 0's reference, in reference/
  float tolerance;
};

// The PP-OCRv3 recognizer's synthetic weights amplify float32 rounding to ~1.5e-4 in its
// probabilities on every backend (docs/ppocr_rec_accuracy.md): its tolerance is that spread.
const ArmModel kModels[] = {
    {"ppocr_cls_mobile_v2", "inference.pdmodel", "inference.pdiparams",
     {{"cls_1x3x48x192.input.f32", {1, 3, 48, 192}}}, "cls_1x3x48x192.output.f32", 1e-4f},
    {"mnist_mlp_sep", "", "", {{"mnist_1x1x28x28.input.f32", {1, 1, 28, 28}}},
     "mnist_1x1x28x28.output.f32", 1e-4f},
    {"squeezenet_gesture_sep", "", "", {{"gesture_1x1x112x112.input.f32", {1, 1, 112, 112}}},
     "gesture_1x1x112x112.output.f32", 1e-4f},
    {"mobilenet_v2_structure_only", "inference.pdmodel", "synthetic.pdiparams",
     {{"mobilenet_synth_1x3x224x224.input.f32", {1, 3, 224, 224}}},
     "mobilenet_synth_1x3x224x224.output.f32", 1e-4f},
    {"ppyolo_tiny_trash", "model.pdmodel", "model.pdiparams",
     {{"ppyolo_1x3x320x320.im_shape.input.f32", {1, 2}},
      {"ppyolo_1x3x320x320.image.input.f32", {1, 3, 320, 320}},
      {"ppyolo_1x3x320x320.scale_factor.input.f32", {1, 2}}},
     "ppyolo_1x3x320x320.nms_out.f32", 1e-4f},
    {"ch_PP-OCRv3_det", "inference.pdmodel", "inference.pdiparams",
     {{"text_1x3x320x480.input.f32", {1, 3, 320, 480}}}, "text_1x3x320x480.output.f32", 1e-4f},
    {"ch_PP-OCRv3_rec_synthetic", "inference.pdmodel", "synthetic.pdiparams",
     {{"cos_1x3x48x320.input.f32", {1, 3, 48, 320}}}, "cos_1x3x48x320.output.f32", 3e-4f},
    // Paddle 3 (PIR) programs; the bounds are about ten times their references' float32 spread.
    {"PP-LCNet_x0_25_textline_ori_pir", "inference.json", "inference.pdiparams",
     {{"textline_rot180_1x3x80x160.input.f32", {1, 3, 80, 160}}},
     "textline_rot180_1x3x80x160.output.f32", 1e-5f},
    {"PP-OCRv5_mobile_det_pir_synthetic", "inference.json", "inference.pdiparams",
     {{"text_1x3x320x480.input.f32", {1, 3, 320, 480}}}, "text_1x3x320x480.output.f32", 2e-4f},
};


class ArmModels : public ::testing::TestWithParam<const ArmModel*> {
 protected:
  void SetUp() override {
    dir_ = SharedModelDir(GetParam()->name);
    if (dir_.empty()) {
      GTEST_SKIP() << MissingModelMessage(GetParam()->name);
    }
  }

  // Sets the inputs, runs, checks output 0 against the reference.
  void RunAndCheck(lite_api::PaddlePredictor* predictor, const std::string& what) {
    const ArmModel& m = *GetParam();
    const std::string ref = dir_ + "/reference/";
    for (size_t i = 0; i < m.inputs.size(); ++i) {
      SetInput(predictor, static_cast<int>(i), m.inputs[i].shape, ReadFloats(ref + m.inputs[i].file));
    }
    predictor->Run();
    const std::vector<float> expected = ReadFloats(ref + m.output);
    const std::vector<float> got = OutputFloats(*predictor, 0);
    ASSERT_EQ(got.size(), expected.size()) << what;
    const float diff = MaxAbsDiff(got, expected);
    EXPECT_LE(diff, m.tolerance) << m.name << " " << what;
    std::printf("[model arm] %s %s max_abs_diff=%.3g\n", m.name.c_str(), what.c_str(), diff);
  }

  std::string dir_;
};

TEST_P(ArmModels, CxxConfigRunsArmKernelsAndMatchesReference) {
  const ArmModel& m = *GetParam();
  for (int threads : {1, 2}) {
    lite_api::CxxConfig config;
    if (m.model.empty()) {
      config.set_model_dir(dir_);
    } else {
      config.set_model_file(dir_ + "/" + m.model);
      config.set_param_file(dir_ + "/" + m.params);
    }
    config.set_threads(threads);
    config.set_valid_places({lite_api::Place{TARGET(kARM), PRECISION(kFloat)},
                             lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
    auto predictor = lite_api::CreatePaddlePredictor(config);
    const std::string what = "arm,host threads=" + std::to_string(threads);
    RunAndCheck(predictor.get(), what);
    auto* full = dynamic_cast<Predictor*>(predictor.get());
    ASSERT_NE(full, nullptr);
    int on_arm = 0;
    for (const auto& inst : full->runtime_program().instructions()) {
      if (kArmOps.count(inst.op().Type()) == 0) continue;
      EXPECT_EQ(inst.kernel().target(), TargetType::kARM)
          << inst.op().Type() << " is not on ARM in " << m.name;
      ++on_arm;
    }
    std::printf("[model arm] %s: %d convolution/pool/fc/matmul/activation ops on ARM\n",
                m.name.c_str(), on_arm);
  }
}

TEST_P(ArmModels, NbFromTheBuildMachinesOptMatchesReference) {
  std::string why_absent;
  const std::string nb = ArmNbFile(GetParam()->name, ".nb", &why_absent);
  if (nb.empty()) GTEST_SKIP() << why_absent;
  ASSERT_TRUE(FileExists(nb)) << nb << " was not written by the host opt";
  lite_api::MobileConfig config;
  config.set_model_from_file(nb);
  auto predictor = lite_api::CreatePaddlePredictor(config);
  RunAndCheck(predictor.get(), ".nb from the host opt");
}

INSTANTIATE_TEST_SUITE_P(Shared, ArmModels, ::testing::ValuesIn([] {
                           std::vector<const ArmModel*> models;
                           for (const ArmModel& m : kModels) models.push_back(&m);
                           return models;
                         }()),
                         [](const ::testing::TestParamInfo<const ArmModel*>& info) {
                           std::string name = info.param->name;
                           for (char& c : name) {
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           }
                           return name;
                         });

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
