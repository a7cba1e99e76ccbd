// The Paddle Lite entry points that act on a model, on the sample model the project builds:
// a model from memory, discarded and internal passes, missing tensors, clones with private
// weights, memory shrinking, warm-up, typed copies and MobileConfig::set_model_dir.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {

namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;
using lite_api::PaddlePredictor;

const lite_api::shape_t kShape = {2, 3, 32, 32};

// The op types of the predictor's optimized program, in order.
std::vector<std::string> OpTypes(const PaddlePredictor& p) {
  const auto& program = dynamic_cast<const ProgramPredictor&>(p).optimized_program();
  std::vector<std::string> types;
  for (const auto& op : program.blocks[0].ops) types.push_back(op.Type());
  return types;
}

bool Has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

class PaddleApiBehaviourTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/plite_api_behaviour_XXXXXX";
    dir_ = mkdtemp(tmpl);
    files_ = WriteSampleModel(dir_ + "/sample", true);
    auto p = lite_api::CreatePaddlePredictor(Config());
    expected_ = RunOnce(p.get(), kShape, 1.f);
    std::filesystem::create_directories(dir_ + "/one_nb");
    p->SaveOptimizedModel(dir_ + "/one_nb/model", lite_api::LiteModelType::kNaiveBuffer);
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  static CxxConfig Config() {
    CxxConfig config;
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    return config;
  }

  static std::string dir_;
  static ModelFiles files_;
  static std::vector<float> expected_;
};

std::string PaddleApiBehaviourTest::dir_;
ModelFiles PaddleApiBehaviourTest::files_;
std::vector<float> PaddleApiBehaviourTest::expected_;

}  // namespace

TEST_F(PaddleApiBehaviourTest, ModelBufferGivesTheSameOutputsAsFiles) {
  const std::string program = ReadFile(files_.model_file);
  const std::string params = ReadFile(files_.params_file);
  ASSERT_FALSE(program.empty());
  CxxConfig config;
  config.set_model_buffer(program.data(), program.size(), params.data(), params.size());
  EXPECT_TRUE(config.is_model_from_memory());
  auto p = lite_api::CreatePaddlePredictor(config);
  EXPECT_EQ(RunOnce(p.get(), kShape, 1.f), expected_);

  CxxConfig shared;
  shared.set_model_buffer(std::make_shared<lite_api::CxxModelBuffer>(std::string(program),
                                                                     std::string(params)));
  auto q = lite_api::CreatePaddlePredictor(shared);
  EXPECT_EQ(RunOnce(q.get(), kShape, 1.f), expected_);

  CxxConfig broken;
  broken.set_model_buffer("garbage", 7, params.data(), params.size());
  EXPECT_THROW(lite_api::CreatePaddlePredictor(broken), lite_api::PaddleLiteException);
}

TEST_F(PaddleApiBehaviourTest, MissingTensorsAreNull) {
  auto p = lite_api::CreatePaddlePredictor(Config());
  RunOnce(p.get(), kShape, 1.f);
  EXPECT_EQ(p->GetTensor("no_such_var"), nullptr);
  EXPECT_EQ(p->GetMutableTensor("no_such_var"), nullptr);
  auto out = p->GetTensor(kSampleModelOutput);
  ASSERT_NE(out, nullptr);
  EXPECT_EQ(out->shape(), (lite_api::shape_t{2, kSampleModelClasses}));
  EXPECT_TRUE(out->IsInitialized());
}

TEST_F(PaddleApiBehaviourTest, DiscardedPassIsNotApplied) {
  auto fused = lite_api::CreatePaddlePredictor(Config());
  EXPECT_FALSE(Has(OpTypes(*fused), "batch_norm"));
  CxxConfig config = Config();
  config.add_discarded_pass("conv_bn_fuse_pass");
  auto unfused = lite_api::CreatePaddlePredictor(config);
  EXPECT_TRUE(Has(OpTypes(*unfused), "batch_norm"));
  const std::vector<float> got = RunOnce(unfused.get(), kShape, 1.f);
  EXPECT_LT(MaxAbsDiff(got, expected_), 1e-5f);
}

TEST_F(PaddleApiBehaviourTest, UnknownOrRequiredDiscardedPassIsAClearError) {
  CxxConfig unknown = Config();
  unknown.add_discarded_pass("no_such_pass");
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(unknown); },
                        "no pass named 'no_such_pass'; passes that can be discarded: ");
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(unknown); }, "conv_bn_fuse_pass");
  CxxConfig required = Config();
  required.add_discarded_pass("static_kernel_pick_pass");
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(required); },
                        "the kernel pick needs pass 'static_kernel_pick_pass'");
}

TEST_F(PaddleApiBehaviourTest, InternalPassListReplacesTheDefault) {
  CxxConfig config = Config();
  config.set_passes_internal({"static_kernel_pick_pass", "variable_place_inference_pass",
                              "type_target_cast_pass", "type_precision_cast_pass",
                              "type_layout_cast_pass"});
  auto p = lite_api::CreatePaddlePredictor(config);
  EXPECT_TRUE(Has(OpTypes(*p), "batch_norm"));  // no fusion ran
  EXPECT_LT(MaxAbsDiff(RunOnce(p.get(), kShape, 1.f), expected_), 1e-5f);
  CxxConfig bad = Config();
  bad.set_passes_internal({"nope_pass"});
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(bad); },
                        "set_passes_internal: no pass named 'nope_pass'");
}

TEST_F(PaddleApiBehaviourTest, CloneWithVarNamesCopiesThoseWeights) {
  auto p = lite_api::CreatePaddlePredictor(Config());
  const std::vector<std::string> params = p->GetParamNames();
  ASSERT_FALSE(params.empty());
  for (const auto& name : params) EXPECT_NE(p->GetTensor(name), nullptr) << name;

  auto private_clone = p->Clone(params);
  auto shared_clone = p->Clone();
  EXPECT_EQ(RunOnce(private_clone.get(), kShape, 1.f), expected_);
  // Zero the private copies: only the private clone changes.
  for (const auto& name : params) {
    auto w = private_clone->GetMutableTensor(name);
    ASSERT_NE(w, nullptr) << name;
    if (w->precision() != lite_api::PrecisionType::kFloat) continue;
    float* data = w->mutable_data<float>();
    std::fill(data, data + w->numel(), 0.f);
  }
  EXPECT_NE(RunOnce(private_clone.get(), kShape, 1.f), expected_);
  EXPECT_EQ(RunOnce(p.get(), kShape, 1.f), expected_);
  EXPECT_EQ(RunOnce(shared_clone.get(), kShape, 1.f), expected_);

  ExpectErrorContaining([&] { p->Clone({"no_such_weight"}); },
                        "'no_such_weight' is not a weight of the model");
}

TEST_F(PaddleApiBehaviourTest, LightPredictorClonesWithVarNamesAndLoadsTheOneNbInModelDir) {
  MobileConfig config;
  config.set_model_dir(dir_ + "/one_nb");
  auto p = lite_api::CreatePaddlePredictor(config);
  EXPECT_EQ(RunOnce(p.get(), kShape, 1.f), expected_);
  auto clone = p->Clone(p->GetParamNames());
  EXPECT_EQ(RunOnce(clone.get(), kShape, 1.f), expected_);
  EXPECT_FALSE(p->GetParamNames().empty());
}

TEST_F(PaddleApiBehaviourTest, TryShrinkMemoryFreesActivationsAndRunsAgain) {
  for (bool blocked : {false, true}) {
    CxxConfig config = Config();
    config.set_x86_blocked_layout(blocked);
    if (blocked) {
      config.set_valid_places({lite_api::Place{TARGET(kX86), PRECISION(kFloat)},
                               lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
    }
    auto p = lite_api::CreatePaddlePredictor(config);
    const std::vector<float> first = RunOnce(p.get(), kShape, 1.f);
    EXPECT_LT(MaxAbsDiff(first, expected_), 1e-4f);
    const auto& runtime = dynamic_cast<const ProgramPredictor&>(*p).runtime_program();
    const size_t before = runtime.ActivationBytes();
    EXPECT_GT(before, 0u);
    EXPECT_TRUE(p->TryShrinkMemory());
    EXPECT_LT(runtime.ActivationBytes(), before);
    EXPECT_EQ(OutputFloats(*p, 0), first);  // results survive
    EXPECT_EQ(RunOnce(p.get(), kShape, 1.f), first) << "blocked " << blocked;
  }
}

TEST_F(PaddleApiBehaviourTest, WarmupRunsAtCreation) {
  CxxConfig config = Config();
  const std::vector<float> input = PatternInput(2 * 3 * 32 * 32);
  config.set_preferred_inputs_for_warmup<float>(0, 0, kShape, {}, 0.f, input.data());
  auto p = lite_api::CreatePaddlePredictor(config);
  // The warm-up's outputs are there without a Run().
  EXPECT_EQ(OutputFloats(*p, 0), expected_);

  CxxConfig wrong_type = Config();
  wrong_type.set_preferred_inputs_for_warmup<int64_t>(3, 0, kShape, {}, 1);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(wrong_type); }, "warm-up group 3");
  CxxConfig gap = Config();
  gap.set_preferred_inputs_for_warmup<float>(0, 1, kShape, {}, 1.f);
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(gap); }, "warm-up group 0");
}

TEST_F(PaddleApiBehaviourTest, TypedCopiesByTarget) {
  auto p = lite_api::CreatePaddlePredictor(Config());
  auto in = p->GetInput(0);
  in->Resize(kShape);
  const std::vector<float> input = PatternInput(2 * 3 * 32 * 32);
  in->CopyFromCpu<float, TARGET(kX86)>(input.data());
  p->Run();
  EXPECT_EQ(OutputFloats(*p, 0), expected_);
  in->CopyFromCpu<float, TARGET(kARM)>(input.data());
  p->Run();
  std::vector<float> out(kSampleModelClasses * 2);
  p->GetOutput(0)->CopyToCpu(out.data());
  EXPECT_EQ(out, expected_);
  ExpectErrorContaining([&] { in->CopyFromCpu<float, TARGET(kOpenCL)>(input.data()); },
                        "target opencl: a predictor's inputs and outputs are in host memory");
  ExpectErrorContaining([&] { in->mutable_metal_data(nullptr); }, "no Metal backend");
  EXPECT_NE(p->GetOutput(0)->data<void>(), nullptr);
  std::vector<double> wrong(out.size());
  EXPECT_THROW(p->GetOutput(0)->CopyToCpu(wrong.data()), lite_api::PaddleLiteException);
}

}  // namespace test
}  // namespace lite
}  // namespace paddle

namespace paddle {
namespace lite {
namespace test {

// Every power mode gives the same outputs, full and light (binding moves threads, never
// results; on a machine without cpufreq in sysfs the modes do not bind), and an unknown mode
// is an error at creation.
TEST_F(PaddleApiBehaviourTest, EveryPowerModeRunsAndAnUnknownOneIsAnError) {
  for (int mode = lite_api::LITE_POWER_HIGH; mode <= lite_api::LITE_POWER_RAND_LOW; ++mode) {
    SCOPED_TRACE("power mode " + std::to_string(mode));
    CxxConfig config = Config();
    config.set_threads(2);
    config.set_power_mode(static_cast<lite_api::PowerMode>(mode));
    auto full = lite_api::CreatePaddlePredictor(config);
    EXPECT_LT(MaxAbsDiff(RunOnce(full.get(), kShape, 1.f), expected_), 1e-5f);
    MobileConfig light_config;
    light_config.set_model_dir(dir_ + "/one_nb");
    light_config.set_threads(2);
    light_config.set_power_mode(static_cast<lite_api::PowerMode>(mode));
    auto light = lite_api::CreatePaddlePredictor(light_config);
    EXPECT_LT(MaxAbsDiff(RunOnce(light.get(), kShape, 1.f), expected_), 1e-5f);
  }
  // 6 is inside the enum's range (so the cast is defined) but names no mode.
  CxxConfig bad = Config();
  bad.set_power_mode(static_cast<lite_api::PowerMode>(6));
  ExpectErrorContaining([&] { lite_api::CreatePaddlePredictor(bad); },
                        "set_power_mode: unknown power mode 6");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
