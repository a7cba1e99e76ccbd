// depthwise_conv2d on x86: the shared cases (backend_cases/depthwise_conv_vs_host.cc, which
// states the tolerance) at the x86 place, and the optimizer picking it for the sample
// model's depthwise conv. The AVX2 direct rows at their
// vector edges are depthwise_conv_direct_x86_test.cc's.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, DepthwiseConvVsHost, ::testing::Values(X86Backend()),
                         KernelBackendName);

using DepthwiseX86 = X86KernelTest;

// The sample model's depthwise conv goes to x86 when x86 is a valid place.
TEST_F(DepthwiseX86, OptimizerPicksItForTheSampleModel) {
  char tmpl[] = "/tmp/plite_dw_x86_pick_XXXXXX";
  const std::string dir = mkdtemp(tmpl);
  const ModelFiles files = WriteSampleModel(dir + "/sample", true);
  auto create = [&](const std::vector<Place>& places) {
    lite_api::CxxConfig config;
    config.set_model_file(files.model_file);
    config.set_param_file(files.params_file);
    config.set_valid_places(places);
    return lite_api::CreatePaddlePredictor(config);
  };
  auto host = create({Place(TargetType::kHost, PrecisionType::kFloat)});
  auto x86 = create({Place(TargetType::kX86, PrecisionType::kFloat),
                     Place(TargetType::kHost, PrecisionType::kFloat)});
  auto* pp = dynamic_cast<ProgramPredictor*>(x86.get());
  ASSERT_NE(pp, nullptr);
  int dw = 0;
  for (const auto& inst : pp->runtime_program().instructions()) {
    if (inst.op().Type() == "depthwise_conv2d") {
      EXPECT_EQ(inst.kernel().target(), TargetType::kX86);
      ++dw;
    }
  }
  EXPECT_EQ(dw, 1);
  for (const lite_api::shape_t& shape : {lite_api::shape_t{1, 3, 32, 32}, {2, 3, 24, 40}}) {
    const std::vector<float> expected = RunOnce(host.get(), shape);
    const std::vector<float> actual = RunOnce(x86.get(), shape);
    ASSERT_EQ(actual.size(), expected.size());
    EXPECT_LE(MaxAbsDiff(actual, expected), 1e-5f);
  }

  // What a tailored build keeps of the depthwise loops: the plane loops for its 3x3 stride-2
  // filter, and nothing else (no other op runs specialized math; stride 2 never runs the flat
  // loops).
  x86->SaveOptimizedModel(dir + "/tailor", lite_api::LiteModelType::kNaiveBuffer,
                          /*record_info=*/true);
  std::ifstream list(dir + "/tailor/.tailored_math_list");
  ASSERT_TRUE(list.is_open());
  std::vector<std::string> names;
  for (std::string line; std::getline(list, line);) names.push_back(line);
  EXPECT_EQ(names, std::vector<std::string>{"depthwise_plane_k3_s2"});
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
