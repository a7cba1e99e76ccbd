// The shared Paddle 3 (PIR) models against their independent float64 references: the
// PP-LCNet text-line orientation classifier (real weights; an upright and a rotated line)
// and the PP-OCRv5 mobile detector (the real program, synthetic weights). Loaded as users
// would (CxxConfig with inference.json + inference.pdiparams, or the model dir), with host
// and with x86 kernels, and through the optimized .nb in MobileConfig. Skips loudly when the
// models are absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct Case {
  std::string input, output, logits;  // files in reference/
  lite_api::shape_t shape;
  int expected_class;  // -1: not a classifier
};

struct PirModel {
  std::string name;
  std::vector<Case> cases;
  float tolerance;         // on output 0 (the bound: ~10x the float32 spread)
  float logits_tolerance;  // on the logits, relative to their largest magnitude
  std::string logits_consumer;  // the op whose input the logits are
};

const PirModel kTextline = {
    "PP-LCNet_x0_25_textline_ori_pir",
    {{"textline_up_1x3x80x160.input.f32", "textline_up_1x3x80x160.output.f32",
      "textline_up_1x3x80x160.logits.intermediate.f32", {1, 3, 80, 160}, 0},
     {"textline_rot180_1x3x80x160.input.f32", "textline_rot180_1x3x80x160.output.f32",
      "textline_rot180_1x3x80x160.logits.intermediate.f32", {1, 3, 80, 160}, 1}},
    1e-5f,
    1e-5f,
    "softmax"};
const PirModel kDetector = {"PP-OCRv5_mobile_det_pir_synthetic",
                            {{"text_1x3x320x480.input.f32", "text_1x3x320x480.output.f32",
                              "text_1x3x320x480.logits.intermediate.f32", {1, 3, 320, 480}, -1}},
                            2e-4f,
                            1e-4f,
                            "sigmoid"};

struct Setting {
  bool x86;
  int threads;
  bool keep_logits;  // memory reuse and fusions off: the logits stay a var of their own
  bool from_dir;     // set_model_dir instead of set_model_file + set_param_file
};

std::string Describe(const Setting& s) {
  return std::string(s.x86 ? "x86,host" : "host") + " threads=" + std::to_string(s.threads) +
         (s.from_dir ? " model_dir" : " model_file") + (s.keep_logits ? " unfused" : "");
}

lite_api::CxxConfig ConfigFor(const std::string& dir, const Setting& s) {
  lite_api::CxxConfig config;
  if (s.from_dir) {
    config.set_model_dir(dir);
  } else {
    config.set_model_file(dir + "/inference.json");
    config.set_param_file(dir + "/inference.pdiparams");
  }
  config.set_threads(s.threads);
  config.set_memory_optimize(!s.keep_logits);
  config.set_fusion_passes(!s.keep_logits);
  std::vector<lite_api::Place> places;
  if (s.x86) places.push_back(lite_api::Place{TARGET(kX86), PRECISION(kFloat)});
  places.push_back(lite_api::Place{TARGET(kHost), PRECISION(kFloat)});
  config.set_valid_places(places);
  return config;
}

// The var the op of type `consumer` reads (the logits before the final softmax/sigmoid).
std::string InputOfLast(lite_api::PaddlePredictor* predictor, const std::string& consumer) {
  auto* p = dynamic_cast<Predictor*>(predictor);
  if (!p) return "";
  std::string var;
  for (const auto& inst : p->runtime_program().instructions()) {
    if (inst.op().Type() == consumer) var = inst.op().op_info().Input("X").at(0);
  }
  return var;
}

float MaxDiffRelativeToRange(const std::vector<float>& a, const std::vector<float>& b) {
  float range = 0;
  for (float v : b) range = std::max(range, std::fabs(v));
  return MaxAbsDiff(a, b) / range;
}

class PirModels : public ::testing::TestWithParam<const PirModel*> {
 protected:
  void SetUp() override {
    dir_ = SharedModelDir(GetParam()->name);
    if (dir_.empty()) {
      GTEST_SKIP() << MissingModelMessage(GetParam()->name);
    }
  }
  std::string Ref(const std::string& file) const { return dir_ + "/reference/" + file; }

  // Runs each case; checks output 0 (and the class); returns the outputs.
  std::vector<std::vector<float>> CheckCases(lite_api::PaddlePredictor* predictor,
                                             const std::string& what) const {
    const PirModel& m = *GetParam();
    std::vector<std::vector<float>> outputs;
    for (const Case& c : m.cases) {
      SetInput(predictor, 0, c.shape, ReadFloats(Ref(c.input)));
      predictor->Run();
      const std::vector<float> got = OutputFloats(*predictor, 0);
      const std::vector<float> want = ReadFloats(Ref(c.output));
      EXPECT_EQ(got.size(), want.size()) << what;
      const float diff = MaxAbsDiff(got, want);
      EXPECT_LE(diff, m.tolerance) << m.name << " " << c.input << " " << what;
      std::printf("[model] %s %s %s max_abs_diff=%.3g\n", m.name.c_str(), c.input.c_str(),
                  what.c_str(), diff);
      if (c.expected_class >= 0) {
        const int cls = static_cast<int>(std::max_element(got.begin(), got.end()) - got.begin());
        EXPECT_EQ(cls, c.expected_class) << c.input << " " << what;
      }
      outputs.push_back(got);
    }
    return outputs;
  }
  std::string dir_;
};

TEST_P(PirModels, FullPredictorMatchesReference) {
  const PirModel& m = *GetParam();
  std::vector<Setting> settings = {{false, 1, false, false}, {false, 1, true, true}};
  if (X86KernelsRunHere()) {
    settings.push_back({true, 1, false, false});
    settings.push_back({true, 2, false, true});
    settings.push_back({true, 1, true, false});
  }
  for (const Setting& s : settings) {
    auto predictor = lite_api::CreatePaddlePredictor(ConfigFor(dir_, s));
    CheckCases(predictor.get(), Describe(s));
    if (!s.keep_logits) continue;
    const std::string logits_var = InputOfLast(predictor.get(), m.logits_consumer);
    ASSERT_FALSE(logits_var.empty()) << "no " << m.logits_consumer << " op";
    for (const Case& c : m.cases) {
      SetInput(predictor.get(), 0, c.shape, ReadFloats(Ref(c.input)));
      predictor->Run();
      auto logits = predictor->GetTensor(logits_var);
      const std::vector<float> got(logits->data<float>(), logits->data<float>() + logits->numel());
      const float rel = MaxDiffRelativeToRange(got, ReadFloats(Ref(c.logits)));
      EXPECT_LE(rel, m.logits_tolerance) << m.name << " logits " << Describe(s);
      std::printf("[model] %s %s %s logits max_abs_diff/max_abs=%.3g\n", m.name.c_str(),
                  c.input.c_str(), Describe(s).c_str(), rel);
    }
  }
}

TEST_P(PirModels, OptimizedNbMatchesFullPredictor) {
  const PirModel& m = *GetParam();
  lite::testing::TempDir tmp;
  std::vector<Setting> settings = {{false, 1, false, false}};
  if (X86KernelsRunHere()) settings.push_back({true, 1, false, false});
  for (const Setting& s : settings) {
    auto full = lite_api::CreatePaddlePredictor(ConfigFor(dir_, s));
    const auto full_outputs = CheckCases(full.get(), "full " + Describe(s));
    const std::string nb = tmp / (m.name + (s.x86 ? "_x86" : "_host"));
    full->SaveOptimizedModel(nb, lite_api::LiteModelType::kNaiveBuffer);
    lite_api::MobileConfig config;
    config.set_model_from_file(nb + ".nb");
    auto light = lite_api::CreatePaddlePredictor(config);
    EXPECT_EQ(CheckCases(light.get(), ".nb " + Describe(s)), full_outputs)
        << "the .nb runs the same kernels";
  }
}

INSTANTIATE_TEST_SUITE_P(Models, PirModels, ::testing::Values(&kTextline, &kDetector),
                         [](const ::testing::TestParamInfo<const PirModel*>& info) {
                           return info.param == &kTextline ? std::string("Textline")
                                                           : std::string("Detector");
                         });

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
