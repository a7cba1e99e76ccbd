// The sample network as a Paddle 3 PIR program (tools/sample_pir_model.h) computes what the
// legacy sample model computes with the same weights: the PIR front end against the
// protobuf one, loaded from a model dir as users would, with host and x86 kernels.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <vector>

#include "lite/model_parser/model_parser.h"
#include "lite/model_parser/pb/params_io.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/model_parser/model_test_util.h"
#include "lite/tests/model_parser/pir_test_util.h"
#include "tools/sample_model_builder.h"
#include "tools/sample_pir_model.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

namespace fs = std::filesystem;

std::vector<float> Pattern(size_t n) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = std::sin(0.01f * i) * 0.5f + ((i * 7919) % 1000) / 2000.f;
  return v;
}

std::vector<double> RunDir(const std::string& dir, const lite_api::Place& first) {
  lite_api::CxxConfig config;
  config.set_model_dir(dir);
  config.set_valid_places({first, lite_api::Place{TARGET(kHost)}});
  auto predictor = lite_api::CreatePaddlePredictor(config);
  SetPirInput(predictor.get(), 0, {2, 3, 32, 32}, Pattern(2 * 3 * 32 * 32));
  predictor->Run();
  return PirOutput(*predictor, 0);
}

TEST(SamplePirModel, ComputesWhatTheSampleModelDoes) {
  TempDir dir;
  WriteSampleModel(dir / "legacy", true);
  WriteSamplePirModel(dir / "pir");
  std::vector<lite_api::Place> places = {lite_api::Place{TARGET(kHost)}};
  if (test::X86KernelsRunHere()) places.push_back(lite_api::Place{TARGET(kX86)});
  for (const lite_api::Place& place : places) {
    const std::vector<double> legacy = RunDir(dir / "legacy", place);
    const std::vector<double> pir = RunDir(dir / "pir", place);
    ASSERT_EQ(pir.size(), legacy.size());
    ASSERT_EQ(pir.size(), 2u * kSampleModelClasses);
    for (size_t i = 0; i < pir.size(); ++i) {
      EXPECT_NEAR(pir[i], legacy[i], 1e-6) << i << " on " << place.DebugString();
    }
  }
}

// save_inference_model(separate_parameters=True): __model__.json and one file per parameter.
TEST(SamplePirModel, LoadsWithSeparateParams) {
  TempDir dir;
  WriteSamplePirModel(dir / "combined");
  Scope scope;
  cpp::ProgramDesc program;
  LoadModel(dir / "combined", "", "", &scope, &program);
  fs::create_directories(dir / "separate");
  fs::copy_file(dir / "combined/inference.json", dir / "separate/__model__.json");
  pb::SaveSeparateParams(dir / "separate", program, scope);
  const lite_api::Place host{TARGET(kHost)};
  EXPECT_EQ(RunDir(dir / "separate", host), RunDir(dir / "combined", host));
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
