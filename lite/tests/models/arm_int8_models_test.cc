// The PaddleSlim QAT models on the ARM int8 kernels (valid places arm int8, arm, host; the
// int8 GEMM's sdot tile under qemu's default CPU) against their independent references,
// with the bounds for int8 execution: the classifier's class on both text lines
// and its probabilities within 2e-2, the detector's 640x640 map on the same side of DB's
// 0.3 threshold on >= 99% of pixels with mean |dp| <= 0.01. Every op the plan marks int8
// must run on an ARM int8 kernel. Also through the .nb the build machine's opt
// wrote for ARM (PLITE_ARM_NB_DIR). Skips loudly when the models are absent.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "lite/api/cxx_api.h"
#include "lite/api/light_api.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct Int8Case {
  std::string input, output;  // in reference/
  lite_api::shape_t shape;
  int expected_class;         // -1: a probability map
};

struct Int8Model {
  std::string name;
  std::vector<Int8Case> cases;
};

const Int8Model kClsSlim = {"ch_ppocr_mobile_v2.0_cls_slim",
                            {{"textline_up_1x3x48x192.input.f32",
                              "textline_up_1x3x48x192.output.f32", {1, 3, 48, 192}, 0},
                             {"textline_rot180_1x3x48x192.input.f32",
                              "textline_rot180_1x3x48x192.output.f32", {1, 3, 48, 192}, 1}}};
const Int8Model kDetSlim = {"ch_PP-OCRv3_det_slim",
                            {{"text_1x3x640x640.input.f32", "text_1x3x640x640.output.f32",
                              {1, 3, 640, 640}, -1}}};

class ArmInt8Models : public ::testing::TestWithParam<const Int8Model*> {};

// Ops marked enable_int8, each of which must run on an ARM int8 kernel.
int Int8OpsOnArm(lite_api::PaddlePredictor* predictor) {
  auto* program = dynamic_cast<ProgramPredictor*>(predictor);
  EXPECT_NE(program, nullptr);
  if (!program) return 0;
  int int8_ops = 0;
  for (const auto& inst : program->runtime_program().instructions()) {
    if (!inst.op().op_info().GetAttrOr<bool>("enable_int8", false)) continue;
    EXPECT_EQ(inst.kernel().target(), TargetType::kARM) << inst.op().Type();
    EXPECT_EQ(inst.kernel().precision(), PrecisionType::kInt8) << inst.op().Type();
    ++int8_ops;
  }
  return int8_ops;
}

void RunAndCheck(lite_api::PaddlePredictor* predictor, const Int8Model& m,
                 const std::string& dir, const std::string& how) {
  const int int8_ops = Int8OpsOnArm(predictor);
  EXPECT_GT(int8_ops, 0) << "no op of " << m.name << " runs in int8 (" << how << ")";
  for (const Int8Case& c : m.cases) {
    SetInput(predictor, 0, c.shape, ReadFloats(dir + "/reference/" + c.input));
    predictor->Run();
    const std::vector<float> got = OutputFloats(*predictor, 0);
    const std::vector<float> want = ReadFloats(dir + "/reference/" + c.output);
    ASSERT_EQ(got.size(), want.size()) << c.input;
    if (c.expected_class >= 0) {
      const int cls = static_cast<int>(std::max_element(got.begin(), got.end()) - got.begin());
      EXPECT_EQ(cls, c.expected_class) << c.input << " " << how;
      EXPECT_LE(MaxAbsDiff(got, want), 2e-2f) << c.input << " " << how;
      std::printf("[model arm int8] %s %s (%s): %d int8 ops, class %d, max_abs_diff=%.3g\n",
                  m.name.c_str(), c.input.c_str(), how.c_str(), int8_ops, cls,
                  MaxAbsDiff(got, want));
    } else {
      const float flipped = FlippedShare(got, want, 0.3f), mean = MeanAbsDiff(got, want);
      EXPECT_LE(flipped, 0.01f) << c.input << " " << how;
      EXPECT_LE(mean, 0.01f) << c.input << " " << how;
      std::printf("[model arm int8] %s %s (%s): %d int8 ops, pixels_across_0.3=%.3g%% "
                  "mean_abs_diff=%.3g\n",
                  m.name.c_str(), c.input.c_str(), how.c_str(), int8_ops, 100 * flipped, mean);
    }
  }
}

TEST_P(ArmInt8Models, Int8PlanMatchesReference) {
  const Int8Model& m = *GetParam();
  const std::string dir = SharedModelDir(m.name);
  if (dir.empty()) GTEST_SKIP() << MissingModelMessage(m.name);
  lite_api::CxxConfig config;
  config.set_model_file(dir + "/inference.pdmodel");
  config.set_param_file(dir + "/inference.pdiparams");
  config.set_threads(2);
  config.set_valid_places({lite_api::Place{TARGET(kARM), PRECISION(kInt8)},
                           lite_api::Place{TARGET(kARM), PRECISION(kFloat)},
                           lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  RunAndCheck(lite_api::CreatePaddlePredictor(config).get(), m, dir, "CxxConfig");
}

// opt on the build machine (--valid_targets=arm lists the int8 place) -> .nb -> MobileConfig:
// the int8 filters, and the float ones stored in int8, as the device loads them.
TEST_P(ArmInt8Models, NbFromTheBuildMachinesOptRunsInt8) {
  const Int8Model& m = *GetParam();
  const std::string dir = SharedModelDir(m.name);
  if (dir.empty()) GTEST_SKIP() << MissingModelMessage(m.name);
  std::string why_absent;
  const std::string nb = ArmNbFile(m.name, ".nb", &why_absent);
  if (nb.empty()) GTEST_SKIP() << why_absent;
  ASSERT_TRUE(FileExists(nb)) << nb << " was not written by the host opt";
  lite_api::MobileConfig config;
  config.set_model_from_file(nb);
  config.set_threads(2);
  RunAndCheck(lite_api::CreatePaddlePredictor(config).get(), m, dir, ".nb from the host opt");
}

INSTANTIATE_TEST_SUITE_P(Qat, ArmInt8Models, ::testing::Values(&kClsSlim, &kDetSlim),
                         [](const ::testing::TestParamInfo<const Int8Model*>& info) {
                           return std::string(info.param == &kClsSlim ? "Classifier"
                                                                      : "Detector");
                         });

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
