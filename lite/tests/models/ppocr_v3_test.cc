// PP-OCRv3 text detection (real weights) and recognition (the real program with synthetic
// weights) against their independent float64 references: CxxConfig with host kernels and
// with x86 kernels (1 and 2 threads; the heavy ops must run there), and the optimized .nb
// run by MobileConfig. Skips loudly when the models are absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/models/model_test_util.h"
#include "lite/tests/model_parser/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct OcrModel {
  std::string name, params, input, output;
  lite_api::shape_t shape;
  float prob_tolerance;
  std::string logits_var, logits_file;  // empty: no intermediate check
};

const OcrModel kDet = {"ch_PP-OCRv3_det", "inference.pdiparams", "text_1x3x320x480.input.f32",
                       "text_1x3x320x480.output.f32", {1, 3, 320, 480}, 1e-4f, "", ""};
// The synthetic recognizer amplifies float32 rounding: moving its input by one ulp gives
// host and x86 probabilities a median error of 1.5e-4 (up to 3.7e-4), with convolutions as
// accurate on x86 as on host (docs/ppocr_rec_accuracy.md). Its logits, relative to their
// largest magnitude (41), are held to 1e-4; the probabilities get the rounding's spread.
const OcrModel kRec = {"ch_PP-OCRv3_rec_synthetic",
                       "synthetic.pdiparams",
                       "cos_1x3x48x320.input.f32",
                       "cos_1x3x48x320.output.f32",
                       {1, 3, 48, 320},
                       3e-4f,
                       "linear_43.tmp_1",
                       "cos_1x3x48x320.logits.intermediate.f32"};

struct Setting {
  bool x86;
  int threads;
  bool memory_optimize;  // off keeps intermediate variables readable by name
};

std::string Describe(const Setting& s) {
  return std::string(s.x86 ? "x86,host" : "host") + " threads=" + std::to_string(s.threads) +
         " memory_optimize=" + std::to_string(s.memory_optimize);
}

std::shared_ptr<lite_api::PaddlePredictor> LoadFull(const std::string& dir, const OcrModel& m,
                                                    const Setting& s) {
  lite_api::CxxConfig config;
  config.set_model_file(dir + "/inference.pdmodel");
  config.set_param_file(dir + "/" + m.params);
  config.set_threads(s.threads);
  config.set_memory_optimize(s.memory_optimize);
  std::vector<lite_api::Place> places;
  if (s.x86) places.push_back(lite_api::Place{TARGET(kX86), PRECISION(kFloat)});
  places.push_back(lite_api::Place{TARGET(kHost), PRECISION(kFloat)});
  config.set_valid_places(places);
  return lite_api::CreatePaddlePredictor(config);
}

// Largest |a - b| over the largest |b|.
float MaxDiffRelativeToRange(const std::vector<float>& a, const std::vector<float>& b) {
  float range = 0;
  for (float v : b) range = std::max(range, std::fabs(v));
  return MaxAbsDiff(a, b) / range;
}

// Op types whose x86 kernels these models must run (where the time goes).
const std::set<std::string> kX86Ops = {"conv2d",    "depthwise_conv2d", "conv2d_transpose",
                                       "layer_norm", "matmul_v2",       "fc",
                                       "softmax",    "nearest_interp_v2"};

void ExpectX86KernelsPicked(lite_api::PaddlePredictor* predictor, const std::string& what) {
  auto* p = dynamic_cast<Predictor*>(predictor);
  ASSERT_NE(p, nullptr);
  for (const auto& inst : p->runtime_program().instructions()) {
    if (kX86Ops.count(inst.op().Type()) == 0) continue;
    EXPECT_EQ(inst.kernel().target(), TargetType::kX86) << inst.op().Type() << " " << what;
  }
}

class PpocrV3 : public ::testing::TestWithParam<const OcrModel*> {
 protected:
  void SetUp() override {
    dir_ = SharedModelDir(GetParam()->name);
    if (dir_.empty()) {
      GTEST_SKIP() << MissingModelMessage(GetParam()->name);
    }
  }
  std::vector<float> Input() const {
    return ReadFloats(dir_ + "/reference/" + GetParam()->input);
  }
  // Output 0 against the reference probabilities; returns the difference.
  float CheckOutput(lite_api::PaddlePredictor* predictor, const std::string& what) const {
    const OcrModel& m = *GetParam();
    SetInput(predictor, 0, m.shape, Input());
    predictor->Run();
    const std::vector<float> expected = ReadFloats(dir_ + "/reference/" + m.output);
    const std::vector<float> got = OutputFloats(*predictor, 0);
    EXPECT_EQ(got.size(), expected.size()) << what;
    const float diff = MaxAbsDiff(got, expected);
    EXPECT_LE(diff, m.prob_tolerance) << m.name << " " << what;
    std::printf("[model] %s %s max_abs_diff=%.3g\n", m.name.c_str(), what.c_str(), diff);
    return diff;
  }
  std::string dir_;
};

TEST_P(PpocrV3, FullPredictorMatchesReference) {
  const OcrModel& m = *GetParam();
  std::vector<Setting> settings = {{false, 1, true}, {false, 1, false}};
  if (X86KernelsRunHere()) {
    settings.push_back({true, 1, false});
    settings.push_back({true, 2, true});
  }
  for (const Setting& s : settings) {
    auto predictor = LoadFull(dir_, m, s);
    CheckOutput(predictor.get(), Describe(s));
    if (s.x86) ExpectX86KernelsPicked(predictor.get(), Describe(s));
    if (m.logits_var.empty() || s.memory_optimize) continue;
    auto logits = predictor->GetTensor(m.logits_var);
    const std::vector<float> got(logits->data<float>(), logits->data<float>() + logits->numel());
    const float rel = MaxDiffRelativeToRange(got, ReadFloats(dir_ + "/reference/" + m.logits_file));
    EXPECT_LE(rel, 1e-4f) << m.name << " logits " << Describe(s);
    std::printf("[model] %s %s logits max_abs_diff/max_abs=%.3g\n", m.name.c_str(),
                Describe(s).c_str(), rel);
  }
}

TEST_P(PpocrV3, OptimizedNbMatchesFullPredictor) {
  const OcrModel& m = *GetParam();
  lite::testing::TempDir tmp;
  std::vector<Setting> settings = {{false, 1, true}};
  if (X86KernelsRunHere()) settings.push_back({true, 1, true});
  for (const Setting& s : settings) {
    auto full = LoadFull(dir_, m, s);
    CheckOutput(full.get(), "full " + Describe(s));
    const std::vector<float> full_out = OutputFloats(*full, 0);
    const std::string nb = tmp / (m.name + (s.x86 ? "_x86" : "_host"));
    full->SaveOptimizedModel(nb, lite_api::LiteModelType::kNaiveBuffer);

    lite_api::MobileConfig config;
    config.set_model_from_file(nb + ".nb");
    auto light = lite_api::CreatePaddlePredictor(config);
    CheckOutput(light.get(), ".nb " + Describe(s));
    EXPECT_EQ(OutputFloats(*light, 0), full_out) << "the .nb runs the same kernels";
  }
}

INSTANTIATE_TEST_SUITE_P(Models, PpocrV3, ::testing::Values(&kDet, &kRec),
                         [](const ::testing::TestParamInfo<const OcrModel*>& info) {
                           return info.param == &kDet ? std::string("Det") : std::string("Rec");
                         });

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
