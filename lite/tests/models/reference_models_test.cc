// The shared models of the newer formats against their independent float64 references:
// the Paddle 3 (PIR) PP-LCNet text-line orientation classifier (real weights; an upright and
// a rotated line) and PP-OCRv5 mobile detector (the real program, synthetic weights), and
// the PaddleSlim quantization-aware trained PP-OCR classifier and PP-OCRv3 detector (their
// fake quantize ops run in float, as Paddle runs them). Loaded as users would (CxxConfig
// with the model and params files, or the model dir), with host and with x86 kernels (the
// quantized ones also in their x86 int8 plans where the CPU runs them), and through the
// optimized .nb in MobileConfig. Skips loudly when the models are absent.
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

struct RefModel {
  std::string name;
  std::string model_file, param_file;  // in the model's dir
  std::vector<Case> cases;
  float tolerance;         // on output 0 (about 10x the float32 spread the MANIFEST gives)
  float logits_tolerance;  // on the logits, relative to their largest magnitude, or absolute
  bool logits_relative;
  std::string logits_consumer;  // the op whose input the logits are ("": not compared)
  // A probability map compared as the share of pixels on the other side of 0.3 (DB's
  // threshold) and the mean |difference|, instead of element by element (tolerance 0).
  float max_flipped_share = 0.f;
  float max_mean_diff = 0.f;
};

const RefModel kTextline = {
    "PP-LCNet_x0_25_textline_ori_pir",
    "inference.json",
    "inference.pdiparams",
    {{"textline_up_1x3x80x160.input.f32", "textline_up_1x3x80x160.output.f32",
      "textline_up_1x3x80x160.logits.intermediate.f32", {1, 3, 80, 160}, 0},
     {"textline_rot180_1x3x80x160.input.f32", "textline_rot180_1x3x80x160.output.f32",
      "textline_rot180_1x3x80x160.logits.intermediate.f32", {1, 3, 80, 160}, 1}},
    1e-5f,
    1e-5f,
    true,
    "softmax"};
const RefModel kDetector = {"PP-OCRv5_mobile_det_pir_synthetic",
                            "inference.json",
                            "inference.pdiparams",
                            {{"text_1x3x320x480.input.f32", "text_1x3x320x480.output.f32",
                              "text_1x3x320x480.logits.intermediate.f32", {1, 3, 320, 480}, -1}},
                            2e-4f,
                            1e-4f,
                            true,
                            "sigmoid"};
// PaddleSlim QAT: activation quantization is discontinuous, so a correct float32 engine
// flips a few rounding decisions; the MANIFESTs measure the spread (cls: logits 0.083).
const RefModel kClsSlim = {
    "ch_ppocr_mobile_v2.0_cls_slim",
    "inference.pdmodel",
    "inference.pdiparams",
    {{"textline_up_1x3x48x192.input.f32", "textline_up_1x3x48x192.output.f32",
      "textline_up_1x3x48x192.logits.intermediate.f32", {1, 3, 48, 192}, 0},
     {"textline_rot180_1x3x48x192.input.f32", "textline_rot180_1x3x48x192.output.f32",
      "textline_rot180_1x3x48x192.logits.intermediate.f32", {1, 3, 48, 192}, 1}},
    1e-3f,
    0.2f,
    false,
    "softmax"};
// A quantized detector's map moves with float32's rounding: activation quantization turns a
// last-bit difference into a step at a rounding boundary, and DB's steep map carries it far
// at text edges. Two correct float32 runs (the host kernels with float and with double
// GEMM accumulation, the x86 kernels) differ from each other on 0.6-0.7% of the pixels at
// 0.3 (mean |dp| 0.006), as much as from the reference: compared as the int8 plan is.
const RefModel kDetSlim = {"ch_PP-OCRv3_det_slim",
                           "inference.pdmodel",
                           "inference.pdiparams",
                           {{"text_1x3x640x640.input.f32", "text_1x3x640x640.output.f32",
                             "text_1x3x640x640.logits.intermediate.f32", {1, 3, 640, 640}, -1}},
                           0.f,
                           0.f,
                           false,
                           "",
                           0.01f,
                           0.01f};

struct Setting {
  bool x86;
  int threads;
  bool keep_logits;  // memory reuse and fusions off: the logits stay a var of their own
  bool from_dir;     // set_model_dir instead of set_model_file + set_param_file
  bool int8 = false;  // Place{kX86, kInt8} first: quantized convs run in int8
};

std::string Describe(const Setting& s) {
  return std::string(s.x86 ? "x86,host" : "host") + " threads=" + std::to_string(s.threads) +
         (s.from_dir ? " model_dir" : " model_file") + (s.keep_logits ? " unfused" : "") +
         (s.int8 ? " int8" : "");
}

lite_api::CxxConfig ConfigFor(const RefModel& m, const std::string& dir, const Setting& s) {
  lite_api::CxxConfig config;
  if (s.from_dir) {
    config.set_model_dir(dir);
  } else {
    config.set_model_file(dir + "/" + m.model_file);
    config.set_param_file(dir + "/" + m.param_file);
  }
  config.set_threads(s.threads);
  config.set_memory_optimize(!s.keep_logits);
  config.set_fusion_passes(!s.keep_logits);
  std::vector<lite_api::Place> places;
  if (s.int8) places.push_back(lite_api::Place{TARGET(kX86), PRECISION(kInt8)});
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

// Convs of the predictor's program marked enable_int8 (run by int8 kernels).
int Int8Convs(lite_api::PaddlePredictor* predictor) {
  auto* p = dynamic_cast<Predictor*>(predictor);
  int count = 0;
  if (!p) return count;
  for (const auto& inst : p->runtime_program().instructions()) {
    count += inst.op().op_info().GetAttrOr<bool>("enable_int8", false);
  }
  return count;
}

float MaxDiffRelativeToRange(const std::vector<float>& a, const std::vector<float>& b) {
  float range = 0;
  for (float v : b) range = std::max(range, std::fabs(v));
  return MaxAbsDiff(a, b) / range;
}

class RefModels : public ::testing::TestWithParam<const RefModel*> {
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
    const RefModel& m = *GetParam();
    std::vector<std::vector<float>> outputs;
    for (const Case& c : m.cases) {
      SetInput(predictor, 0, c.shape, ReadFloats(Ref(c.input)));
      predictor->Run();
      const std::vector<float> got = OutputFloats(*predictor, 0);
      const std::vector<float> want = ReadFloats(Ref(c.output));
      EXPECT_EQ(got.size(), want.size()) << what;
      const float diff = MaxAbsDiff(got, want);
      if (m.max_flipped_share > 0) {
        const float flipped = FlippedShare(got, want, 0.3f), mean = MeanAbsDiff(got, want);
        EXPECT_LE(flipped, m.max_flipped_share) << m.name << " " << c.input << " " << what;
        EXPECT_LE(mean, m.max_mean_diff) << m.name << " " << c.input << " " << what;
        std::printf("[model] %s %s %s pixels_across_0.3=%.3g%% mean_abs_diff=%.3g "
                    "max_abs_diff=%.3g\n",
                    m.name.c_str(), c.input.c_str(), what.c_str(), 100 * flipped, mean, diff);
      } else {
        EXPECT_LE(diff, m.tolerance) << m.name << " " << c.input << " " << what;
        std::printf("[model] %s %s %s max_abs_diff=%.3g\n", m.name.c_str(), c.input.c_str(),
                    what.c_str(), diff);
      }
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

TEST_P(RefModels, FullPredictorMatchesReference) {
  const RefModel& m = *GetParam();
  std::vector<Setting> settings = {{false, 1, false, false}, {false, 1, true, true}};
  if (X86KernelsRunHere()) {
    settings.push_back({true, 1, false, false});
    settings.push_back({true, 2, false, true});
    settings.push_back({true, 1, true, false});
  }
  // Where the CPU runs x86 int8 convs, the quantized models' int8 plans too: the same bounds
  // (the int8 arithmetic is the simulation's, within float32 rounding).
  if (X86Int8ConvsRunHere() && m.name.find("slim") != std::string::npos) {
    settings.push_back({true, 1, false, false, true});
    settings.push_back({true, 2, false, true, true});
  }
  for (const Setting& s : settings) {
    auto predictor = lite_api::CreatePaddlePredictor(ConfigFor(m, dir_, s));
    if (s.int8) {
      EXPECT_GT(Int8Convs(predictor.get()), 0) << Describe(s);
    }
    CheckCases(predictor.get(), Describe(s));
    if (!s.keep_logits || m.logits_consumer.empty()) continue;
    const std::string logits_var = InputOfLast(predictor.get(), m.logits_consumer);
    ASSERT_FALSE(logits_var.empty()) << "no " << m.logits_consumer << " op";
    for (const Case& c : m.cases) {
      SetInput(predictor.get(), 0, c.shape, ReadFloats(Ref(c.input)));
      predictor->Run();
      auto logits = predictor->GetTensor(logits_var);
      const std::vector<float> got(logits->data<float>(), logits->data<float>() + logits->numel());
      const std::vector<float> want = ReadFloats(Ref(c.logits));
      const float diff =
          m.logits_relative ? MaxDiffRelativeToRange(got, want) : MaxAbsDiff(got, want);
      EXPECT_LE(diff, m.logits_tolerance) << m.name << " logits " << Describe(s);
      std::printf("[model] %s %s %s logits %s=%.3g\n", m.name.c_str(), c.input.c_str(),
                  Describe(s).c_str(),
                  m.logits_relative ? "max_abs_diff/max_abs" : "max_abs_diff", diff);
    }
  }
}

TEST_P(RefModels, OptimizedNbMatchesFullPredictor) {
  const RefModel& m = *GetParam();
  lite::testing::TempDir tmp;
  std::vector<Setting> settings = {{false, 1, false, false}};
  if (X86KernelsRunHere()) settings.push_back({true, 1, false, false});
  if (X86Int8ConvsRunHere() && m.name.find("slim") != std::string::npos) {
    settings.push_back({true, 1, false, false, true});
  }
  for (const Setting& s : settings) {
    auto full = lite_api::CreatePaddlePredictor(ConfigFor(m, dir_, s));
    const auto full_outputs = CheckCases(full.get(), "full " + Describe(s));
    const std::string nb = tmp / (m.name + (s.int8 ? "_int8" : s.x86 ? "_x86" : "_host"));
    full->SaveOptimizedModel(nb, lite_api::LiteModelType::kNaiveBuffer);
    lite_api::MobileConfig config;
    config.set_model_from_file(nb + ".nb");
    auto light = lite_api::CreatePaddlePredictor(config);
    EXPECT_EQ(CheckCases(light.get(), ".nb " + Describe(s)), full_outputs)
        << "the .nb runs the same kernels";
  }
}

// The size bound: the QAT detector's .nb (int8 filters for its int8 convs, int8
// storage for the float ones) at most 0.35x the float detector's, in each plan.
TEST(QuantizedNb, DetectorIsAThirdOfTheFloatOne) {
  const std::string slim = SharedModelDir(kDetSlim.name);
  const std::string dense = SharedModelDir("ch_PP-OCRv3_det");
  if (slim.empty() || dense.empty()) GTEST_SKIP() << MissingModelMessage(kDetSlim.name);
  lite::testing::TempDir tmp;
  std::vector<Setting> settings = {{false, 1, false, false}};
  if (X86Int8ConvsRunHere()) settings.push_back({true, 1, false, false, true});
  for (const Setting& s : settings) {
    auto size_of = [&](const std::string& dir, const std::string& name) {
      auto predictor = lite_api::CreatePaddlePredictor(ConfigFor(kDetSlim, dir, s));
      const std::string nb = tmp / name;
      predictor->SaveOptimizedModel(nb, lite_api::LiteModelType::kNaiveBuffer);
      return static_cast<double>(lite::testing::ReadBytes(nb + ".nb").size());
    };
    const double ratio = size_of(slim, "slim") / size_of(dense, "dense");
    EXPECT_LE(ratio, 0.35) << Describe(s);
    std::printf("[model] det_slim .nb / det .nb %s: %.3f\n", Describe(s).c_str(), ratio);
  }
}

INSTANTIATE_TEST_SUITE_P(Models, RefModels,
                         ::testing::Values(&kTextline, &kDetector, &kClsSlim, &kDetSlim),
                         [](const ::testing::TestParamInfo<const RefModel*>& info) {
                           const RefModel* m = info.param;
                           return std::string(m == &kTextline   ? "PirTextline"
                                              : m == &kDetector ? "PirDetector"
                                              : m == &kClsSlim  ? "QatClassifier"
                                                                : "QatDetector");
                         });

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
