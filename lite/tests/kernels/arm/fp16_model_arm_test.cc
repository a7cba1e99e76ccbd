// The sample model (tools/sample_model_builder.h: conv 3x3 + relu, depthwise 3x3 stride 2 +
// relu6, conv 1x1 + hard_swish, global avg pool, matmul, softmax) planned in fp16: valid
// places {arm fp16, arm float, host} and LITE_PRECISION_LOW pick the ARM fp16 conv, depthwise
// and pool kernels with calib casts around them; the output stays float under the model's
// name and matches the fp32 (host) predictor within 2e-2 of its range (softmax
// probabilities: 2e-2 absolute); the .nb of the fp16 plan runs in the light predictor with
// the same outputs; check_fp16_valid says the fp16 kernels run here. A program whose output
// an fp16 kernel writes gets its calib back to fp32 on ARM under the output's own name.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "lite/api/program_predictor.h"
#include "lite/backends/arm/cpu_info.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/models/model_test_util.h"
#include "tools/sample_model_builder.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

using lite_api::CxxConfig;
using lite_api::MobileConfig;

const Place kArmFp16(TargetType::kARM, PrecisionType::kFP16);
const Place kArmFloat(TargetType::kARM, PrecisionType::kFloat);
const Place kHostFloat(TargetType::kHost, PrecisionType::kFloat);
const std::vector<lite_api::shape_t> kShapes = {{1, 3, 32, 32}, {2, 3, 24, 40}};

// A conv2d op (groups 1, no dilation) reading `in` with filter `w` into `out`, declared
// `out_dims` when given.
cpp::OpDesc& AddConv(Builder* b, const std::string& in, const std::string& w,
                     const std::string& out, int stride, int pad,
                     const std::vector<int64_t>& out_dims = {}) {
  std::map<std::string, std::vector<int64_t>> declared;
  if (!out_dims.empty()) declared[out] = out_dims;
  cpp::OpDesc& conv = b->Op("conv2d", {{"Input", in}, {"Filter", w}}, {{"Output", out}}, declared);
  conv.SetAttr<std::vector<int32_t>>("strides", {stride, stride});
  conv.SetAttr<std::vector<int32_t>>("paddings", {pad, pad});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
  return conv;
}

// |got - want| <= 2e-2 * max(1, max |want|): fp16 against the float reference.
void ExpectWithinFp16Tolerance(const std::vector<float>& got, const std::vector<float>& want) {
  float range = 1.f;
  for (float v : want) range = std::max(range, std::fabs(v));
  ExpectAllNear(got, want, 2e-2f * range);
}

class Fp16ModelArmTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    char tmpl[] = "/tmp/plite_fp16_model_arm_XXXXXX";
    dir_ = mkdtemp(tmpl);
    files_ = WriteSampleModel(dir_ + "/sample", true);
  }
  static void TearDownTestSuite() { std::filesystem::remove_all(dir_); }

  static std::shared_ptr<lite_api::PaddlePredictor> Create(
      const std::vector<Place>& places,
      lite_api::PrecisionMode mode = lite_api::LITE_PRECISION_NORMAL,
      const std::vector<std::string>& keep_fp32_ops = {}) {
    CxxConfig config;
    config.set_keep_fp32_ops(keep_fp32_ops);
    config.set_model_file(files_.model_file);
    config.set_param_file(files_.params_file);
    config.set_valid_places(places);
    config.set_precision_mode(mode);
    return lite_api::CreatePaddlePredictor(config);
  }

  // "op_type:precision" of every instruction, in program order.
  static std::vector<std::string> Plan(lite_api::PaddlePredictor* p) {
    auto* pp = dynamic_cast<ProgramPredictor*>(p);
    EXPECT_NE(pp, nullptr);
    std::vector<std::string> plan;
    if (!pp) return plan;
    for (const auto& inst : pp->runtime_program().instructions()) {
      plan.push_back(inst.op().Type() + ":" +
                     lite_api::PrecisionToStr(inst.kernel().precision()));
    }
    return plan;
  }

  static int Count(const std::vector<std::string>& plan, const std::string& entry) {
    return static_cast<int>(std::count(plan.begin(), plan.end(), entry));
  }

  // The fp16 plan: every conv and the pool in fp16, calib casts in and out of it.
  static void ExpectFp16Plan(lite_api::PaddlePredictor* p) {
    const std::vector<std::string> plan = Plan(p);
    SCOPED_TRACE(Join(plan, " "));
    std::printf("[fp16 plan] %s\n", Join(plan, " ").c_str());
    EXPECT_EQ(Count(plan, "conv2d:fp16"), 2);
    EXPECT_EQ(Count(plan, "depthwise_conv2d:fp16"), 1);
    EXPECT_EQ(Count(plan, "pool2d:fp16"), 1);
    EXPECT_EQ(Count(plan, "calib:fp16"), 1);   // fp32 -> fp16 after the feed
    EXPECT_GE(Count(plan, "calib:float"), 1);  // fp16 -> fp32 before the float ops
  }

  static void ExpectMatchesFloat(lite_api::PaddlePredictor* fp16,
                                 lite_api::PaddlePredictor* reference) {
    for (const lite_api::shape_t& shape : kShapes) {
      const std::vector<float> want = RunOnce(reference, shape);
      const std::vector<float> got = RunOnce(fp16, shape);
      ASSERT_EQ(got.size(), want.size());
      float range = 1.f;
      for (float v : want) range = std::max(range, std::fabs(v));
      EXPECT_LE(MaxAbsDiff(got, want), 2e-2f * range);
      std::printf("[fp16 model] max_abs_diff=%.3g (range %.3g)\n", MaxAbsDiff(got, want), range);
      auto out = fp16->GetOutput(0);
      EXPECT_EQ(out->precision(), PrecisionType::kFloat);
    }
  }

  static std::string dir_;
  static ModelFiles files_;
};

std::string Fp16ModelArmTest::dir_;
ModelFiles Fp16ModelArmTest::files_;

TEST_F(Fp16ModelArmTest, Fp16PlaceFirstPicksFp16KernelsWithCalibCasts) {
  auto fp16 = Create({kArmFp16, kArmFloat, kHostFloat});
  ExpectFp16Plan(fp16.get());
  EXPECT_EQ(fp16->GetOutputNames(), std::vector<std::string>{kSampleModelOutput});
  auto reference = Create({kHostFloat});
  ExpectMatchesFloat(fp16.get(), reference.get());
}

TEST_F(Fp16ModelArmTest, WithoutAnFp16PlaceNothingRunsInFp16) {
  for (const std::string& entry : Plan(Create({kArmFloat, kHostFloat}).get())) {
    EXPECT_EQ(entry.find(":fp16"), std::string::npos) << entry;
  }
}

TEST_F(Fp16ModelArmTest, LowPrecisionModePutsArmFp16First) {
  auto low = Create({kArmFloat, kHostFloat}, lite_api::LITE_PRECISION_LOW);
  ExpectFp16Plan(low.get());
  auto reference = Create({kHostFloat});
  ExpectMatchesFloat(low.get(), reference.get());
  // Without an ARM place there is nothing to run in fp16.
  for (const std::string& entry :
       Plan(Create({kHostFloat}, lite_api::LITE_PRECISION_LOW).get())) {
    EXPECT_EQ(entry.find(":fp16"), std::string::npos) << entry;
  }
}

// A mixed plan: the ops keep_fp32_ops names (by the var the fused conv writes, by type) run
// their fp32 kernels, the first conv in NCHW4c, with a layout cast back to NCHW before the
// calib into the fp16 depthwise conv.
TEST_F(Fp16ModelArmTest, KeepFp32OpsRunThoseOpsInFp32) {
  auto mixed = Create({kArmFp16, kArmFloat, kHostFloat}, lite_api::LITE_PRECISION_NORMAL,
                      {"relu_0.tmp_0", "pool2d"});
  const std::vector<std::string> plan = Plan(mixed.get());
  SCOPED_TRACE(Join(plan, " "));
  std::printf("[mixed plan] %s\n", Join(plan, " ").c_str());
  EXPECT_EQ(Count(plan, "conv2d:float"), 1);
  EXPECT_EQ(Count(plan, "conv2d:fp16"), 1);
  EXPECT_EQ(Count(plan, "depthwise_conv2d:fp16"), 1);
  EXPECT_EQ(Count(plan, "pool2d:float"), 1);
  EXPECT_EQ(Count(plan, "calib:fp16"), 2);  // after the first conv, after the pool
  auto reference = Create({kHostFloat});
  ExpectMatchesFloat(mixed.get(), reference.get());
  ExpectErrorHolding([&] { Create({kArmFp16, kArmFloat, kHostFloat}, {}, {"relu_9.tmp_0"}); },
                     {"keep_fp32_ops", "relu_9.tmp_0"});
}

TEST_F(Fp16ModelArmTest, NbOfTheFp16PlanRunsInTheLightPredictor) {
  auto full = Create({kArmFp16, kArmFloat, kHostFloat});
  full->SaveOptimizedModel(dir_ + "/fp16", lite_api::LiteModelType::kNaiveBuffer);
  MobileConfig config;
  config.set_model_from_file(dir_ + "/fp16.nb");
  auto light = lite_api::CreatePaddlePredictor(config);
  ExpectFp16Plan(light.get());
  for (const lite_api::shape_t& shape : kShapes) {
    EXPECT_EQ(RunOnce(light.get(), shape), RunOnce(full.get(), shape));
  }
}

TEST(Fp16ProgramArmTest, AnOutputWrittenInFp16IsCastBackUnderItsName) {
  Builder b({-1, 3, 9, 8});
  b.AddVar("w", cpp::VarKind::kLodTensor, {5, 3, 3, 3}, true);
  AddConv(&b, "x", "w", "y", 1, 1);
  b.Op("relu", {{"X", "y"}}, {{"Out", "z"}});
  b.Fetch("z", 0);
  const Weights weights = {{"w", {DDim({5, 3, 3, 3}), RandomVector(135, -1.f, 1.f, 1)}}};
  auto fp16 = Optimize(b.program(), {kArmFp16, kArmFloat, kHostFloat}, true, weights);
  EXPECT_EQ(fp16->OpTypes(),
            (std::vector<std::string>{"feed", "calib", "conv2d", "calib", "fetch"}));
  for (const cpp::OpDesc* calib : fp16->Ops("calib")) {
    EXPECT_NE(calib->GetAttr<std::string>(kKernelKeyAttr).find(",arm,"), std::string::npos);
  }
  EXPECT_EQ(fp16->IoNames("fetch"), std::vector<std::string>{"z"});
  EXPECT_EQ(fp16->Ops("calib").back()->Output("Out"), std::vector<std::string>{"z"});
  auto reference = Optimize(b.program(), {kHostFloat}, true, weights);
  const std::vector<float> x = RandomVector(2 * 3 * 9 * 8, -2.f, 2.f, 2);
  const std::vector<float> want = reference->Run(DDim({2, 3, 9, 8}), x);
  const std::vector<float> got = fp16->Run(DDim({2, 3, 9, 8}), x);
  ExpectWithinFp16Tolerance(got, want);
}

// The convolutions kept fp32 run as an NCHW4c chain (a 3x3 stride-2 conv reading the image,
// two pointwise ones); the fp16 conv reading the chain's end gets a layout cast to NCHW in
// fp32, then the calib (calibs convert planar tensors).
TEST(Fp16ProgramArmTest, ABlockedFp32ValueIsReorderedBeforeItsCalib) {
  Builder b({-1, 3, 64, 64});
  Weights weights;
  struct Layer {
    const char* out;
    int in_c, out_c, k, stride;
  };
  const Layer layers[] = {{"y1", 3, 16, 3, 2}, {"y2", 16, 32, 1, 1}, {"y3", 32, 32, 1, 1},
                          {"y4", 32, 16, 1, 1}};
  std::string in = "x";
  for (const Layer& l : layers) {
    const std::string w = StrCat(l.out, "_w");
    const DDim dims({l.out_c, l.in_c, l.k, l.k});
    b.AddVar(w, cpp::VarKind::kLodTensor, dims.Vectorize(), true);
    const float scale = 1.f / std::sqrt(static_cast<float>(l.in_c * l.k * l.k));
    weights[w] = {dims, RandomVector(dims.production(), -scale, scale, l.out_c + l.k)};
    AddConv(&b, in, w, l.out, l.stride, l.k / 2, {-1, l.out_c, 32, 32});
    in = l.out;
  }
  b.Fetch("y4", 0);
  auto mixed = Optimize(b.program(), {kArmFp16, kArmFloat, kHostFloat}, OptimizerOptions{},
                        weights, 1, KernelChoices{{}, {"y1", "y2", "y3"}, {}, {}});
  const std::vector<std::string> types = mixed->OpTypes();
  SCOPED_TRACE(Join(types, " "));
  const std::vector<const cpp::OpDesc*> convs = mixed->Ops("conv2d");
  ASSERT_EQ(convs.size(), 4u);
  EXPECT_NE(convs[2]->GetAttr<std::string>(kKernelKeyAttr).find("NCHW4c"), std::string::npos);
  EXPECT_NE(convs[3]->GetAttr<std::string>(kKernelKeyAttr).find("fp16"), std::string::npos);
  // ... conv2d (NCHW4c), layout, calib, conv2d (fp16)
  const auto last_conv = std::find(types.rbegin(), types.rend(), "conv2d");
  ASSERT_GE(std::distance(last_conv, types.rend()), 3);
  EXPECT_EQ(*(last_conv + 1), "calib");
  EXPECT_EQ(*(last_conv + 2), "layout");
  auto reference = Optimize(b.program(), {kHostFloat}, true, weights);
  const std::vector<float> x = RandomVector(3 * 64 * 64, -1.f, 1.f, 7);
  const std::vector<float> want = reference->Run(DDim({1, 3, 64, 64}), x);
  const std::vector<float> got = mixed->Run(DDim({1, 3, 64, 64}), x);
  ExpectWithinFp16Tolerance(got, want);
}

// A concat (a kernel that only moves data) takes its inputs' precision: fp16 between fp16
// convolutions, fp32 where the convolutions feeding it are kept fp32 (one calib after it,
// not one per input).
TEST(Fp16ProgramArmTest, AConcatTakesItsInputsPrecision) {
  Builder b({-1, 4, 8, 8});
  Weights weights;
  for (const char* w : {"wa", "wb", "wc"}) {
    const DDim dims(std::string(w) == "wc" ? std::vector<int64_t>{3, 8, 1, 1}
                                           : std::vector<int64_t>{4, 4, 1, 1});
    b.AddVar(w, cpp::VarKind::kLodTensor, dims.Vectorize(), true);
    weights[w] = {dims, RandomVector(dims.production(), -0.5f, 0.5f, w[1])};
  }
  AddConv(&b, "x", "wa", "a", 1, 0);
  AddConv(&b, "x", "wb", "bb", 1, 0);
  cpp::OpDesc& cat_op = b.Op("concat", {{"X", "a"}}, {{"Out", "cat"}});
  cat_op.SetInput("X", {"a", "bb"});
  cat_op.SetAttr<int32_t>("axis", 1);
  AddConv(&b, "cat", "wc", "y", 1, 0);
  b.Fetch("y", 0);
  const std::vector<Place> places = {kArmFp16, kArmFloat, kHostFloat};
  auto reference = Optimize(b.program(), {kHostFloat}, true, weights);
  const std::vector<float> x = RandomVector(2 * 4 * 8 * 8, -1.f, 1.f, 3);
  const std::vector<float> want = reference->Run(DDim({2, 4, 8, 8}), x);
  for (bool keep : {false, true}) {
    SCOPED_TRACE(keep ? "a and bb kept fp32" : "fp16 throughout");
    auto o = Optimize(b.program(), places, OptimizerOptions{}, weights, 1,
                      KernelChoices{{},
                                    keep ? std::vector<std::string>{"a", "bb"}
                                         : std::vector<std::string>{},
                                    {},
                                    {}});
    SCOPED_TRACE(Join(o->OpTypes(), " "));
    const cpp::OpDesc* cat = o->FindOp("concat");
    ASSERT_NE(cat, nullptr);
    EXPECT_NE(cat->GetAttr<std::string>(kKernelKeyAttr).find(keep ? ",float," : ",fp16,"),
              std::string::npos)
        << cat->GetAttr<std::string>(kKernelKeyAttr);
    EXPECT_EQ(o->Ops("calib").size(), 2u);  // into fp16 and back (before or after the concat)
    ExpectAllNear(o->Run(DDim({2, 4, 8, 8}), x), want, 2e-2f);
  }
}

TEST_F(Fp16ModelArmTest, CheckFp16ValidSaysTheKernelsRunHere) {
  ASSERT_TRUE(arm::CpuHasFp16Arith()) << "this CPU (or emulator) lacks fp16 arithmetic";
  EXPECT_TRUE(arm::BuiltWithFp16());
  EXPECT_TRUE(MobileConfig().check_fp16_valid());
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
