// Real models planned in fp16 on ARM (valid places {arm fp16, arm float, host}), two ways:
// loaded and optimized here (CxxConfig), and as the .nb that the build machine's opt wrote
// with --enable_fp16 (write_arm_nb.sh), run by MobileConfig. Their convolutions, pools and
// fc run as ARM fp16 kernels, and output 0 matches the stored fp32 reference within 2e-2 of
// its range. The fp32 ARM kernels differ from the references by about 2e-7 of the range;
// fp16 rounds 8192 times coarser, which is what these bounds leave room for. Checks the
// planning on real graphs too: squeeze-excitation blocks, shape/slice/reshape2 before fc,
// detection heads. Skips loudly without the shared models.
//
// A model listed in fp16_keep_fp32_ops.txt runs a mixed plan (keep_fp32_ops): the ops named
// there run fp32, every other conv/pool/fc fp16; a second input checks the plan against the
// host kernels (it was chosen on the reference input).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// The ops fp16_keep_fp32_ops.txt keeps fp32 in `model` (none when it is not listed).
std::vector<std::string> KeepFp32Ops(const std::string& model) {
  std::ifstream file(std::string(PLITE_SOURCE_DIR) + "/lite/tests/models/fp16_keep_fp32_ops.txt");
  EXPECT_TRUE(file.good()) << "fp16_keep_fp32_ops.txt is missing";
  std::vector<std::string> ops;
  for (std::string line; std::getline(file, line);) {
    std::istringstream fields(line);
    std::string name, list;
    if (!(fields >> name >> list) || name != model) continue;
    std::istringstream entries(list);
    for (std::string op; std::getline(entries, op, ',');) ops.push_back(op);
  }
  return ops;
}

lite_api::CxxConfig ModelConfig(const SharedModel& m, const std::string& dir) {
  lite_api::CxxConfig config = SharedModelConfig(m, dir);
  config.set_threads(2);
  return config;
}

// `memory_optimize` off keeps each op's output named as in the model (for KeptFp32).
std::shared_ptr<lite_api::PaddlePredictor> Fp16Predictor(
    const SharedModel& m, const std::string& dir, const std::vector<std::string>& keep_fp32_ops,
    bool memory_optimize = true) {
  lite_api::CxxConfig config = ModelConfig(m, dir);
  config.set_memory_optimize(memory_optimize);
  config.set_valid_places({lite_api::Place{TARGET(kARM), PRECISION(kFP16)},
                           lite_api::Place{TARGET(kARM), PRECISION(kFloat)},
                           lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
  config.set_keep_fp32_ops(keep_fp32_ops);
  return lite_api::CreatePaddlePredictor(config);
}

bool Writes(const Instruction& inst, const std::vector<std::string>& names) {
  for (const auto& kv : inst.op().op_info().outputs()) {
    for (const std::string& name : kv.second) {
      if (std::find(names.begin(), names.end(), name) != names.end()) return true;
    }
  }
  return false;
}

struct PlanCount {
  int fp16{0}, fp32{0}, calibs{0};
};

// Checks every conv/depthwise/pool/fc runs fp16 unless `keep` names it (fp32 then).
PlanCount CheckPlan(lite_api::PaddlePredictor* predictor, const std::vector<std::string>& keep,
                    const std::string& what) {
  PlanCount count;
  auto* program = dynamic_cast<ProgramPredictor*>(predictor);
  EXPECT_NE(program, nullptr);
  if (!program) return count;
  for (const auto& inst : program->runtime_program().instructions()) {
    const std::string& type = inst.op().Type();
    if (type == "calib") ++count.calibs;
    if (type != "conv2d" && type != "depthwise_conv2d" && type != "pool2d" && type != "fc") {
      continue;
    }
    const bool kept = Writes(inst, keep);
    EXPECT_EQ(inst.kernel().precision(), kept ? PrecisionType::kFloat : PrecisionType::kFP16)
        << type << " in " << what;
    kept ? ++count.fp32 : ++count.fp16;
  }
  EXPECT_GT(count.fp16, 0) << what;
  EXPECT_GT(count.calibs, 0) << what;
  return count;
}

float Range(const std::vector<float>& values) {
  float range = 1.f;
  for (float v : values) range = std::max(range, std::fabs(v));
  return range;
}

class ArmFp16Models : public ::testing::TestWithParam<const SharedModel*> {
 protected:
  void SetUp() override {
    dir_ = SharedModelDir(GetParam()->name);
    if (dir_.empty()) {
      GTEST_SKIP() << MissingModelMessage(GetParam()->name);
    }
    keep_ = KeepFp32Ops(GetParam()->name);
  }

  // Runs the reference inputs, checks output 0 within 2e-2 of the reference's range.
  void RunAndCheck(lite_api::PaddlePredictor* predictor, const std::string& what) {
    const SharedModel& m = *GetParam();
    const std::string ref = dir_ + "/reference/";
    for (size_t i = 0; i < m.inputs.size(); ++i) {
      SetInput(predictor, static_cast<int>(i), m.inputs[i].second,
               ReadFloats(ref + m.inputs[i].first));
    }
    predictor->Run();
    const std::vector<float> expected = ReadFloats(ref + m.output);
    const std::vector<float> got = OutputFloats(*predictor, 0);
    ASSERT_EQ(got.size(), expected.size());
    const float range = Range(expected);
    const float diff = MaxAbsDiff(got, expected);
    EXPECT_LE(diff, 2e-2f * range) << m.name << " " << what;
    std::printf("[model arm fp16] %s %s: max_abs_diff=%.3g (range %.3g)\n", m.name.c_str(),
                what.c_str(), diff, range);
  }

  std::string dir_;
  std::vector<std::string> keep_;
};

TEST_P(ArmFp16Models, RunInFp16WithinTheReference) {
  const SharedModel& m = *GetParam();
  auto unshared = Fp16Predictor(m, dir_, keep_, /*memory_optimize=*/false);
  const PlanCount count = CheckPlan(unshared.get(), keep_, m.name);
  std::printf("[model arm fp16] %s: %d fp16 conv/pool/fc ops, %d kept fp32, %d calibs\n",
              m.name.c_str(), count.fp16, count.fp32, count.calibs);
  EXPECT_EQ(count.fp32 > 0, !keep_.empty());
  RunAndCheck(Fp16Predictor(m, dir_, keep_).get(), "CxxConfig");
}

// opt on the build machine (--enable_fp16, the same keep list) -> .fp16.nb -> MobileConfig.
TEST_P(ArmFp16Models, NbFromTheBuildMachinesOptRunsFp16) {
  std::string why_absent;
  const std::string nb = ArmNbFile(GetParam()->name, ".fp16.nb", &why_absent);
  if (nb.empty()) GTEST_SKIP() << why_absent;
  ASSERT_TRUE(FileExists(nb)) << nb << " was not written by the host opt";
  lite_api::MobileConfig config;
  config.set_model_from_file(nb);
  config.set_threads(2);
  auto predictor = lite_api::CreatePaddlePredictor(config);
  // Memory reuse renamed the values: only that fp16 kernels and calibs run is checked here.
  auto* program = dynamic_cast<ProgramPredictor*>(predictor.get());
  ASSERT_NE(program, nullptr);
  int fp16 = 0, calibs = 0;
  for (const auto& inst : program->runtime_program().instructions()) {
    if (inst.kernel().precision() == PrecisionType::kFP16) ++fp16;
    if (inst.op().Type() == "calib") ++calibs;
  }
  EXPECT_GT(fp16, 0);
  EXPECT_GT(calibs, 0);
  RunAndCheck(predictor.get(), ".fp16.nb from the host opt");
}

// Each mixed plan, chosen on the reference input, holds on another input against the host
// kernels.
TEST(ArmFp16MixedPlans, HoldOnAnotherInput) {
  int checked = 0;
  for (const SharedModel& m : SharedModels()) {
    const std::vector<std::string> keep = KeepFp32Ops(m.name);
    const std::string dir = SharedModelDir(m.name);
    if (keep.empty() || dir.empty()) continue;
    ASSERT_EQ(m.inputs.size(), 1u);
    lite_api::CxxConfig host = ModelConfig(m, dir);
    host.set_valid_places({lite_api::Place{TARGET(kHost), PRECISION(kFloat)}});
    auto reference = lite_api::CreatePaddlePredictor(host);
    auto mixed = Fp16Predictor(m, dir, keep);
    const lite_api::shape_t& shape = m.inputs[0].second;
    // Another input: the reference input reversed and scaled.
    std::vector<float> x = ReadFloats(dir + "/reference/" + m.inputs[0].first);
    std::reverse(x.begin(), x.end());
    for (float& v : x) v *= 0.8f;
    SetInput(reference.get(), 0, shape, x);
    SetInput(mixed.get(), 0, shape, x);
    reference->Run();
    mixed->Run();
    const std::vector<float> expected = OutputFloats(*reference, 0);
    const std::vector<float> got = OutputFloats(*mixed, 0);
    ASSERT_EQ(got.size(), expected.size());
    const float diff = MaxAbsDiff(got, expected);
    EXPECT_LE(diff, 2e-2f * Range(expected)) << m.name;
    std::printf("[model arm fp16] %s, another input: max_abs_diff=%.3g against host\n",
                m.name.c_str(), diff);
    ++checked;
  }
  if (checked == 0) GTEST_SKIP() << "SKIPPED: no shared model with a mixed plan found";
}

// A keep_fp32_ops entry that names no op is an error naming it; the model still plans.
TEST(ArmFp16KeepFp32Ops, AnEntryNamingNothingIsAnError) {
  const SharedModel& m = SharedModels()[0];
  const std::string dir = SharedModelDir(m.name);
  if (dir.empty()) GTEST_SKIP() << "SKIPPED: " << m.name << " not found";
  ExpectErrorHolding(
      [&] {
        Fp16Predictor(m, dir, {"softmax", "conv2d_typo.tmp_0"});
      },
      {"keep_fp32_ops", "conv2d_typo.tmp_0", "names no op type"});
  EXPECT_NE(Fp16Predictor(m, dir, {"softmax"}), nullptr);
}

INSTANTIATE_TEST_SUITE_P(Shared, ArmFp16Models, ::testing::ValuesIn(SharedModelParams()),
                         SharedModelTestName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
