// Post-training quantization's parts (lite/optimizer/quantization): the observers'
// thresholds on distributions whose right answer is known (abs_max is the largest |x|;
// KL clips a Gaussian's far outliers but keeps its bulk, and clips nothing of a uniform),
// the program rewrite (one activation quantize op per var, one weight op per filter,
// unscaled convs untouched), and a calibrated conv planned in int8 computing the quantized
// arithmetic of a loop written here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/optimizer/quantization/calibrated_quantization.h"
#include "lite/optimizer/quantization/calibration.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

float KlThreshold(const std::vector<float>& x) {
  ActivationObserver o;
  o.ObserveRange(x.data(), static_cast<int64_t>(x.size()));
  o.ObserveHistogram(x.data(), static_cast<int64_t>(x.size()));
  return o.Threshold(CalibrationMethod::kKl);
}

TEST(Calibration, AbsMaxIsTheLargestMagnitudeSeenAcrossRuns) {
  ActivationObserver o;
  const std::vector<float> a{0.5f, -3.f, NAN}, b{2.f, INFINITY, -1.f};
  o.ObserveRange(a.data(), 3);
  o.ObserveRange(b.data(), 3);
  EXPECT_EQ(o.abs_max(), 3.f);
  EXPECT_EQ(o.Threshold(CalibrationMethod::kAbsMax), 3.f);
  // KL without a histogram pass falls back to the range.
  EXPECT_EQ(o.Threshold(CalibrationMethod::kKl), 3.f);
}

TEST(Calibration, KlClipsAGaussiansOutliersButNotItsBulk) {
  std::mt19937 gen(5);
  std::normal_distribution<float> normal(0.f, 1.f);
  std::vector<float> x(200000);
  for (float& v : x) v = normal(gen);
  for (int i = 0; i < 20; ++i) x[i] = 60.f;  // 1e-4 of the mass, 60 sigma out
  const float s = KlThreshold(x);
  std::printf("[calibration] gaussian kl threshold %.3f\n", s);
  EXPECT_GT(s, 2.5f);   // the bulk (99% within 2.6 sigma) is kept
  EXPECT_LT(s, 15.f);   // the outliers are clipped (abs_max would be 60)
}

TEST(Calibration, KlClipsNothingOfAUniformAndIgnoresZeros) {
  std::mt19937 gen(6);
  std::uniform_real_distribution<float> uniform(-1.f, 1.f);
  std::vector<float> x(100000);
  for (float& v : x) v = uniform(gen);
  const float s = KlThreshold(x);
  std::printf("[calibration] uniform kl threshold %.3f\n", s);
  EXPECT_GT(s, 0.9f);
  // ReLU-like zeros added: the same answer.
  std::vector<float> with_zeros = x;
  with_zeros.resize(250000, 0.f);
  EXPECT_FLOAT_EQ(KlThreshold(with_zeros), s);
}

TEST(Calibration, MethodNamesAndErrors) {
  EXPECT_EQ(ParseCalibrationMethod("kl"), CalibrationMethod::kKl);
  EXPECT_EQ(ParseCalibrationMethod("abs_max"), CalibrationMethod::kAbsMax);
  try {
    ParseCalibrationMethod("median");
    FAIL() << "no error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("abs_max, kl"), std::string::npos) << e.what();
  }
}

void AddConv(Builder* b, const std::string& in, const std::string& w, const std::string& out,
             int in_c, int out_c) {
  b->AddVar(w, cpp::VarKind::kLodTensor, {out_c, in_c, 1, 1}, true);
  cpp::OpDesc& conv = b->Op("conv2d", {{"Input", in}, {"Filter", w}}, {{"Output", out}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
}

int Count(const cpp::BlockDesc& block, const std::string& type) {
  int n = 0;
  for (const auto& op : block.ops) n += op.Type() == type;
  return n;
}

TEST(CalibratedQuantization, InsertsOneQuantizeOpPerVarAndFilter) {
  Builder b({-1, 16, 4, 4});
  AddConv(&b, "x", "wa", "ya", 16, 16);
  AddConv(&b, "x", "wb", "yb", 16, 3);   // shares x
  AddConv(&b, "ya", "wc", "yc", 16, 8);  // no scale: stays float
  AddConv(&b, "yb", "wd", "yd", 3, 8);   // 3 input channels: int8 would not pay
  b.Fetch("yc", 0);
  b.Fetch("yd", 1);
  cpp::ProgramDesc program = b.program();
  EXPECT_EQ(CalibrationTargets(program), (std::vector<std::string>{"x", "ya"}));
  Scope weights;
  for (const char* w : {"wa", "wb", "wc", "wd"}) {
    Tensor* t = weights.Var(w)->GetMutable<Tensor>();
    t->Resize(DDim({8, 16, 1, 1}));
    t->mutable_data<float>();
  }
  EXPECT_EQ(InsertCalibratedQuantization({{"x", 2.5f}, {"yb", 1.f}}, &program, &weights), 2);
  const cpp::BlockDesc& block = program.blocks[0];
  EXPECT_EQ(Count(block, "fake_quantize_dequantize_moving_average_abs_max"), 1);
  EXPECT_EQ(Count(block, "fake_channel_wise_quantize_dequantize_abs_max"), 2);
  ASSERT_NE(weights.FindTensor("x@ptq_scale"), nullptr);
  EXPECT_EQ(weights.FindTensor("x@ptq_scale")->data<float>()[0], 2.5f);
  for (const auto& op : block.ops) {
    if (op.Type() != "conv2d") continue;
    const std::string out = op.Output("Output")[0];
    EXPECT_EQ(op.Input("Input")[0] == "x@ptq", out == "ya" || out == "yb") << out;
  }
  // A quantized program is not quantized again.
  EXPECT_TRUE(CalibrationTargets(program) == std::vector<std::string>{"ya"});
}

TEST(CalibratedQuantization, ProductsByAWeightMatrixQuantizePerColumn) {
  Builder b({-1, 32});
  b.AddVar("w", cpp::VarKind::kLodTensor, {32, 16}, true);
  b.AddVar("t", cpp::VarKind::kLodTensor, {32, 16}, true);
  b.AddVar("c", cpp::VarKind::kLodTensor, {16, 10}, true);
  b.Op("matmul_v2", {{"X", "x"}, {"Y", "w"}}, {{"Out", "y"}}, {{"y", {-1, 16}}});
  cpp::OpDesc& transposed = b.Op("matmul_v2", {{"X", "x"}, {"Y", "t"}}, {{"Out", "z"}});
  transposed.SetAttr<bool>("trans_x", true);  // no fc: not quantized
  b.Op("relu", {{"X", "y"}}, {{"Out", "r"}}, {{"r", {-1, 16}}});
  // The classifier: its scores reach the fetch through softmax only, so it stays float.
  b.Op("matmul_v2", {{"X", "r"}, {"Y", "c"}}, {{"Out", "logits"}});
  b.Op("softmax", {{"X", "logits"}}, {{"Out", "p"}});
  b.Fetch("p", 0);
  b.Fetch("z", 1);
  cpp::ProgramDesc program = b.program();
  EXPECT_EQ(CalibrationTargets(program), std::vector<std::string>{"x"});
  Scope weights;
  for (const char* w : {"w", "t", "c"}) {
    Tensor* t = weights.Var(w)->GetMutable<Tensor>();
    t->Resize(DDim({32, 16}));
    t->mutable_data<float>();
  }
  EXPECT_EQ(InsertCalibratedQuantization({{"x", 1.f}, {"r", 1.f}}, &program, &weights), 1);
  for (const auto& op : program.blocks[0].ops) {
    if (op.Type() == "fake_channel_wise_quantize_dequantize_abs_max") {
      EXPECT_EQ(op.GetAttr<int32_t>("quant_axis"), 1);  // the matrix's columns
      EXPECT_EQ(op.Input("X")[0], "w");
    }
  }
  // The quantized input keeps the declared dims (the fc's in_num_col_dims needs its rank).
  ASSERT_NE(program.blocks[0].FindVar("x@ptq"), nullptr);
  EXPECT_EQ(program.blocks[0].FindVar("x@ptq")->shape, (std::vector<int64_t>{-1, 32}));
}

TEST(CalibratedQuantization, CalibratedConvRunsInInt8AsTheQuantizedArithmetic) {
  if (!X86Int8ConvsRunHere()) GTEST_SKIP() << "no x86 int8 conv runs here (build or CPU)";
  constexpr int kIn = 16, kOut = 24, kPixels = 5 * 6;
  Builder b({-1, kIn, 5, 6});
  AddConv(&b, "x", "w", "y", kIn, kOut);
  b.Fetch("y", 0);
  const auto w = RandomVector(kOut * kIn, -0.5f, 0.5f, 3);
  const auto x = RandomVector(kIn * kPixels, -3.f, 3.f, 4);
  const float s = 2.f;  // |x| up to 3: clipped values too
  OptimizerOptions options;
  KernelChoices choices;
  choices.calibrated_scales = {{"x", s}};
  auto o = Optimize(b.program(), {Place{TARGET(kX86), PRECISION(kInt8)},
                                  Place{TARGET(kX86), PRECISION(kFloat)}},
                    options, {{"w", {DDim({kOut, kIn, 1, 1}), w}}}, 1, choices);
  ASSERT_NE(o->FindOp("conv2d"), nullptr);
  EXPECT_TRUE(o->FindOp("conv2d")->GetAttrOr<bool>("enable_int8", false));
  // y = sum_c qdq(x, s) * qdq(w, max |w_o|), Paddle's rounding (ties away, x clipped to s).
  const auto qdq = [](double v, double scale) {
    v = std::min(std::max(v, -scale), scale);
    return std::round(v * 127 / scale) * scale / 127;
  };
  std::vector<float> expected(kOut * kPixels);
  for (int o_c = 0; o_c < kOut; ++o_c) {
    double w_max = 0;
    for (int c = 0; c < kIn; ++c) w_max = std::max(w_max, double{std::fabs(w[o_c * kIn + c])});
    for (int p = 0; p < kPixels; ++p) {
      double acc = 0;
      for (int c = 0; c < kIn; ++c) {
        acc += qdq(x[c * kPixels + p], s) * qdq(w[o_c * kIn + c], w_max);
      }
      expected[o_c * kPixels + p] = static_cast<float>(acc);
    }
  }
  ExpectAllNear(o->Run(DDim({1, kIn, 5, 6}), x), expected, 1e-4f);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
