// Paddle's quantization ops on host (lite/operators/fake_quantize_ops.h): values worked by
// hand for the rounding modes, the clamps and the scale rules, and the per-channel ops
// against a naive double-precision routine written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// Values at the rounding boundaries with scale 127 (so Q(x) = x before rounding): ties, and
// values past the range (round type 0 clamps to [-128, 127], type 1 clips x to [-s, s]).
const std::vector<float> kTies = {2.5f, -2.5f, 3.5f, 200.f, -200.f, 0.4f, -0.5f};
const std::vector<float> kTiesEven = {2, -2, 4, 127, -128, 0, -0.f};
const std::vector<float> kTiesAway = {3, -3, 4, 127, -127, 0, -1};

std::vector<float> RunStoredScale(const std::string& type, const std::vector<float>& x,
                                  float scale, int round_type) {
  OpRunner r(type);
  r.SetInput("X", "x", {static_cast<int64_t>(x.size())}, x);
  r.SetInput("InScale", "scale", {1}, {scale});
  r.SetOutput("Out", "out");
  r.SetOutput("OutScale", "scale");  // Paddle binds OutScale to InScale
  r.desc().SetAttr<int32_t>("bit_length", 8);
  if (round_type >= 0) r.desc().SetAttr<int32_t>("round_type", round_type);
  r.desc().SetAttr<bool>("is_test", true);
  r.Run();
  EXPECT_EQ(ToVector(*r.Var("scale")), std::vector<float>{scale});  // left as stored
  return ToVector(*r.Var("out"));
}

TEST(FakeQuantize, RoundTypesTieAndClampAsPaddle) {
  for (const std::string type :
       {"fake_quantize_moving_average_abs_max", "fake_quantize_range_abs_max",
        "fake_quantize_dequantize_moving_average_abs_max"}) {
    SCOPED_TRACE(type);
    // Scale 127: quantize-dequantize gives q * 127 / 127 = q, quantize q.
    EXPECT_EQ(RunStoredScale(type, kTies, 127.f, 0), kTiesEven);
    EXPECT_EQ(RunStoredScale(type, kTies, 127.f, 1), kTiesAway);
    // No round_type (models before Paddle 2.4): ties away, as phi's default.
    EXPECT_EQ(RunStoredScale(type, kTies, 127.f, -1), kTiesAway);
  }
}

TEST(FakeQuantize, QuantizeDequantizeScalesBack) {
  // s = 2: c = 127 / 2 = 63.5. x = 1 -> 63.5 -> 64 (both modes) -> 64 * 2 / 127.
  // x = 0.5 -> 31.75 -> 32 -> 64 / 127; x = -3 clips to -2 (type 1) -> -127 -> -2.
  const auto out =
      RunStoredScale("fake_quantize_dequantize_moving_average_abs_max", {1, 0.5f, -3}, 2.f, 1);
  ExpectAllNear(out, {128.f / 127, 64.f / 127, -2.f}, 1e-7f);
  // Type 0 does not clip first: -3 -> -190.5 -> clamped to -128 -> -256 / 127.
  const auto even =
      RunStoredScale("fake_quantize_dequantize_moving_average_abs_max", {1, 0.5f, -3}, 2.f, 0);
  ExpectAllNear(even, {128.f / 127, 64.f / 127, -256.f / 127}, 1e-7f);
}

TEST(FakeQuantize, ZeroScaleGivesZerosNotNaN) {
  // Paddle's inverse of a scale <= 1e-30 is 1 / (s + 1e-6): no division by zero.
  for (const float v : RunStoredScale("fake_quantize_dequantize_moving_average_abs_max",
                                      {0.f, 1e-3f, -5.f}, 0.f, 1)) {
    EXPECT_EQ(v, 0.f);
  }
}

TEST(FakeQuantize, AbsMaxOpsComputeTheirScale) {
  for (const bool dequantize : {false, true}) {
    OpRunner r(dequantize ? "fake_quantize_dequantize_abs_max" : "fake_quantize_abs_max");
    r.SetInput("X", "x", {2, 2}, {0.5f, -4.f, 1.f, 2.f});
    r.SetOutput("Out", "out");
    r.SetOutput("OutScale", "out_scale");
    r.Run();
    EXPECT_EQ(ToVector(*r.Var("out_scale")), std::vector<float>{4.f});
    // c = 127 / 4 = 31.75: 15.875 -> 16, -127, 31.75 -> 32, 63.5 -> 64.
    const std::vector<float> q = {16, -127, 32, 64};
    std::vector<float> want = q;
    if (dequantize) {
      for (float& v : want) v = v * 4.f / 127.f;
    }
    ExpectAllNear(ToVector(*r.Var("out")), want, 1e-7f);
  }
}

// Per channel along `axis` of dims [d0, d1, rest]: the channel's abs max, round half away,
// in double (Paddle's float32 order differs only at exact ties, which random data avoids).
std::vector<float> NaiveChannelQdq(const std::vector<float>& x, int d0, int d1, int rest,
                                   int axis, std::vector<float>* scales) {
  const int channels = axis == 0 ? d0 : d1;
  scales->assign(channels, 0.f);
  auto channel_of = [&](int i) { return axis == 0 ? i / (d1 * rest) : (i / rest) % d1; };
  for (size_t i = 0; i < x.size(); ++i) {
    float& s = (*scales)[channel_of(static_cast<int>(i))];
    s = std::max(s, std::fabs(x[i]));
  }
  std::vector<float> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const double s = (*scales)[channel_of(static_cast<int>(i))];
    out[i] = static_cast<float>(std::round(x[i] * 127.0 / s) * s / 127.0);
  }
  return out;
}

TEST(FakeQuantize, ChannelWiseQuantizeDequantizeAlongAxis0And1) {
  const int d0 = 4, d1 = 3, rest = 5;
  const std::vector<float> x = RandomVector(d0 * d1 * rest, -2.f, 2.f, 11);
  for (const int axis : {0, 1}) {
    SCOPED_TRACE(axis);
    OpRunner r("fake_channel_wise_quantize_dequantize_abs_max");
    r.SetInput("X", "w", {d0, d1, rest}, x);
    r.SetOutput("Out", "out");
    r.SetOutput("OutScale", "out_scale");
    r.desc().SetAttr<int32_t>("quant_axis", axis);
    r.desc().SetAttr<int32_t>("bit_length", 8);
    r.Run();
    std::vector<float> scales;
    const std::vector<float> want = NaiveChannelQdq(x, d0, d1, rest, axis, &scales);
    EXPECT_EQ(ToVector(*r.Var("out_scale")), scales);
    ExpectAllNear(ToVector(*r.Var("out")), want, 1e-6f, 1e-6f);
  }
}

TEST(FakeQuantize, ChannelWiseQuantizeGivesIntegers) {
  OpRunner r("fake_channel_wise_quantize_abs_max");
  r.SetInput("X", "w", {2, 2}, {1.f, -0.5f, 0.25f, 0.1f});
  r.SetOutput("Out", "out");
  r.SetOutput("OutScale", "out_scale");
  r.Run();
  EXPECT_EQ(ToVector(*r.Var("out_scale")), (std::vector<float>{1.f, 0.25f}));
  // Row 0: 127, -63.5 -> -64; row 1: 127, 0.1 * 508 = 50.8 -> 51.
  EXPECT_EQ(ToVector(*r.Var("out")), (std::vector<float>{127, -64, 127, 51}));
}

TEST(FakeDequantize, MaxAbsAndChannelWise) {
  {  // Out = X * Scale / max_range.
    OpRunner r("fake_dequantize_max_abs");
    r.SetInput("X", "x", {3}, {127, -64, 10});
    r.SetInput("Scale", "s", {1}, {2.f});
    r.SetOutput("Out", "out");
    r.desc().SetAttr<float>("max_range", 127.f);
    r.Run();
    ExpectAllNear(ToVector(*r.Var("out")), {2.f, -128.f / 127, 20.f / 127}, 1e-7f);
  }
  {  // One scale (a weight's, per channel along quant_axis 1).
    OpRunner r("fake_channel_wise_dequantize_max_abs");
    r.SetInput("X", "x", {2, 2}, {127, 127, -127, 64});
    r.SetInput("Scales", "s", {2}, {1.f, 0.5f});
    r.SetOutput("Out", "out");
    r.desc().SetAttr<int32_t>("quant_axis", 1);
    r.desc().SetAttr<std::vector<int32_t>>("quant_bits", {8});
    r.Run();
    ExpectAllNear(ToVector(*r.Var("out")), {1.f, 0.5f, -1.f, 32.f / 127}, 1e-7f);
  }
  {  // Two scales (a conv output): per channel of dims[1] times the activation's, / 127^2.
    OpRunner r("fake_channel_wise_dequantize_max_abs");
    r.SetInput("X", "x", {1, 2, 2}, {16129, 100, 16129, -200});
    r.SetInput("Scales", "w_scales", {2}, {1.f, 2.f});
    r.SetInput("Scales", "act_scale", {1}, {3.f});
    r.SetOutput("Out", "out");
    r.desc().SetAttr<std::vector<int32_t>>("quant_bits", {8, 8});
    r.Run();
    ExpectAllNear(ToVector(*r.Var("out")),
                  {3.f, 300.f / 16129, 6.f, -1200.f / 16129}, 1e-6f);
  }
}

TEST(QuantizeLinear, PerTensorAndPerChannelDefaultTiesToEven) {
  {  // quant_axis -1: one scale; no round_type: quantize_linear's default 0 (ties to even).
    OpRunner r("quantize_linear");
    r.SetInput("X", "x", {static_cast<int64_t>(kTies.size())}, kTies);
    r.SetInput("Scale", "s", {1}, {127.f});
    r.SetInput("ZeroPoint", "z", {1}, {0.f});
    r.SetOutput("Y", "y");
    r.desc().SetAttr<int32_t>("quant_axis", -1);
    r.desc().SetAttr<int32_t>("bit_length", 8);
    r.Run();
    EXPECT_EQ(ToVector(*r.Var("y")), kTiesEven);
  }
  {  // Per channel along axis 0, then back with dequantize_linear.
    OpRunner q("quantize_linear");
    q.SetInput("X", "x", {2, 3}, {1.f, -0.5f, 0.2f, 4.f, 2.f, -3.f});
    q.SetInput("Scale", "s", {2}, {1.f, 4.f});
    q.SetOutput("Y", "y");
    q.desc().SetAttr<int32_t>("quant_axis", 0);
    q.desc().SetAttr<int32_t>("round_type", 1);
    q.Run();
    // Row 0: c = 127: 127, -63.5 -> -64, 25.4 -> 25; row 1: c = 31.75: 127, 63.5 -> 64,
    // -95.25 -> -95.
    const std::vector<float> want = {127, -64, 25, 127, 64, -95};
    EXPECT_EQ(ToVector(*q.Var("y")), want);
    OpRunner d("dequantize_linear");
    d.SetInput("X", "q", {2, 3}, want);
    d.SetInput("Scale", "s", {2}, {1.f, 4.f});
    d.SetOutput("Y", "y");
    d.desc().SetAttr<int32_t>("quant_axis", 0);
    d.Run();
    ExpectAllNear(ToVector(*d.Var("y")),
                  {1.f, -64.f / 127, 25.f / 127, 4.f, 256.f / 127, -380.f / 127}, 1e-6f);
  }
}

TEST(QuantizeLinear, QmaxAndOnlyObserver) {
  OpRunner r("quantize_linear");
  r.SetInput("X", "x", {3}, {1.f, -1.f, 0.3f});
  r.SetInput("Scale", "s", {1}, {1.f});
  r.SetOutput("Y", "y");
  r.desc().SetAttr<int32_t>("quant_axis", -1);
  r.desc().SetAttr<int32_t>("qmax", 7);  // 4-bit: [-8, 7]
  r.Run();
  EXPECT_EQ(ToVector(*r.Var("y")), (std::vector<float>{7, -7, 2}));
  OpRunner o("quantize_linear");
  o.SetInput("X", "x", {2}, {0.123f, -9.f});
  o.SetInput("Scale", "s", {1}, {1.f});
  o.SetOutput("Y", "y");
  o.desc().SetAttr<bool>("only_observer", true);
  o.Run();
  EXPECT_EQ(ToVector(*o.Var("y")), (std::vector<float>{0.123f, -9.f}));
}

TEST(DequantizeLinear, TakesInt8Weights) {
  Scope scope;
  Tensor* x = scope.Var("q")->GetMutable<Tensor>();
  x->Resize(DDim({2, 2}));
  const int8_t q[] = {127, -128, 64, -1};
  std::copy(q, q + 4, x->mutable_data<int8_t>());
  Tensor* s = scope.Var("s")->GetMutable<Tensor>();
  s->Resize(DDim({2}));
  s->mutable_data<float>()[0] = 1.f;
  s->mutable_data<float>()[1] = 2.f;
  scope.Var("y")->GetMutable<Tensor>();
  cpp::OpDesc desc("dequantize_linear");
  desc.SetInput("X", {"q"});
  desc.SetInput("Scale", {"s"});
  desc.SetOutput("Y", {"y"});
  desc.SetAttr<int32_t>("quant_axis", 1);
  auto op = OpRegistry::Global().Create("dequantize_linear");
  op->Attach(desc, &scope);
  std::unique_ptr<KernelBase> kernel;
  for (const KernelInfo* info : KernelRegistry::Global().Kernels("dequantize_linear")) {
    if (info->alias == "int8_x") kernel = KernelRegistry::Create(*info);
  }
  ASSERT_TRUE(kernel);
  EXPECT_EQ(kernel->GetInputDeclType("X").precision, PrecisionType::kInt8);
  op->AttachKernel(kernel.get());
  op->InferShape();
  kernel->Launch();
  // Along axis 1: columns scale 1 and 2, / 127.
  ExpectAllNear(ToVector(*scope.FindTensor("y")),
                {1.f, -256.f / 127, 64.f / 127, -2.f / 127}, 1e-7f);
}

TEST(FakeQuantizeErrors, BadScalesAndAttributesAreNamed) {
  {
    OpRunner r("fake_channel_wise_dequantize_max_abs");
    r.SetInput("X", "x", {2, 3}, std::vector<float>(6, 1.f));
    r.SetInput("Scales", "s", {3}, {1, 1, 1});
    r.SetOutput("Out", "out");
    r.desc().SetAttr<int32_t>("quant_axis", 0);
    ExpectErrorContaining([&] { r.InferShapeOnly(); },
                          "one scale per channel of axis 0 of X [2, 3] (2) expected, the scale "
                          "has 3");
  }
  {
    OpRunner r("fake_quantize_dequantize_moving_average_abs_max");
    r.SetInput("X", "x", {2}, {1, 2});
    r.SetInput("InScale", "s", {2}, {1, 1});
    r.SetOutput("Out", "out");
    ExpectErrorContaining([&] { r.InferShapeOnly(); }, "one scale expected, the scale has 2");
  }
  {
    OpRunner r("fake_quantize_abs_max");
    r.SetInput("X", "x", {2}, {1, 2});
    r.SetOutput("Out", "out");
    r.desc().SetAttr<int32_t>("bit_length", 0);
    ExpectErrorContaining([&] { r.InferShapeOnly(); }, "bit_length 0 is outside [1, 16]");
  }
  {
    OpRunner r("fake_quantize_abs_max");
    r.SetInput("X", "x", {2}, {1, 2});
    r.SetOutput("Out", "out");
    r.desc().SetAttr<int32_t>("round_type", 2);
    ExpectErrorContaining([&] { r.InferShapeOnly(); }, "round_type 2 is not 0");
  }
  {
    OpRunner r("fake_dequantize_max_abs");
    r.SetInput("X", "x", {2}, {1, 2});
    r.SetInput("Scale", "s", {1}, {1});
    r.SetOutput("Out", "out");
    ExpectErrorContaining([&] { r.InferShapeOnly(); }, "attribute 'max_range' is missing");
  }
  {
    OpRunner r("fake_channel_wise_quantize_abs_max");
    r.SetInput("X", "x", {2}, {1, 2});
    r.SetOutput("Out", "out");
    r.desc().SetAttr<int32_t>("quant_axis", 1);
    ExpectErrorContaining([&] { r.InferShapeOnly(); }, "the channel axis 1 is outside X [2]");
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
