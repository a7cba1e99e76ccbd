// weight_quantize_fold_pass on small built programs, as PaddleSlim writes them: a conv whose
// filter goes through fake_channel_wise_quantize_dequantize_abs_max (or quantize_linear +
// dequantize_linear) gets the quantized filter as a weight, the activation's fake quantize
// op stays, and the optimized programs (host or x86 kernels, fused or not, after a .nb round
// trip) compute a plain double-precision loop's values.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const DDim kDims({2, 2, 3, 3});
constexpr float kActScale = 0.75f;

// x -> fake quant-dequant (InScale x_scale) -> conv 1x1 (2 -> 3) with filter w quantized
// per output channel -> y.
Builder QatConvProgram(bool linear) {
  Builder b({-1, 2, 3, 3});
  b.AddVar("x_scale", cpp::VarKind::kLodTensor, {1}, true);
  b.AddVar("w", cpp::VarKind::kLodTensor, {3, 2, 1, 1}, true);
  b.Op("fake_quantize_dequantize_moving_average_abs_max",
       {{"X", "x"}, {"InScale", "x_scale"}}, {{"Out", "xq"}, {"OutScale", "x_scale"}})
      .SetAttr<bool>("is_test", true);
  if (linear) {
    b.AddVar("w_scale", cpp::VarKind::kLodTensor, {3}, true);
    b.Op("quantize_linear", {{"X", "w"}, {"Scale", "w_scale"}}, {{"Y", "w_int"}})
        .SetAttr<int32_t>("round_type", 1);
    b.Op("dequantize_linear", {{"X", "w_int"}, {"Scale", "w_scale"}}, {{"Y", "wq"}});
  } else {
    b.AddVar("w.scale", cpp::VarKind::kLodTensor, {3}, true);  // Paddle stores OutScale
    b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", "w"}},
         {{"Out", "wq"}, {"OutScale", "w.scale"}});
  }
  cpp::OpDesc& conv = b.Op("conv2d", {{"Input", "xq"}, {"Filter", "wq"}}, {{"Output", "y"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
  b.Fetch("y", 0);
  return b;
}

const std::vector<float> kW = {0.9f, -0.3f, 0.05f, 0.2f, -1.7f, 1.1f};

Weights QatWeights() {
  std::vector<float> channel_max(3);
  for (int o = 0; o < 3; ++o) channel_max[o] = std::max(std::fabs(kW[2 * o]), std::fabs(kW[2 * o + 1]));
  return {{"x_scale", {DDim({1}), {kActScale}}},
          {"w", {DDim({3, 2, 1, 1}), kW}},
          {"w_scale", {DDim({3}), channel_max}},
          {"w.scale", {DDim({3}), channel_max}}};
}

double Qdq(double v, double s) {
  v = std::min(std::max(v, -s), s);
  return std::round(v * 127 / s) * s / 127;
}

std::vector<float> Expected(const std::vector<float>& x) {
  std::vector<float> y;
  for (int n = 0; n < 2; ++n)
    for (int o = 0; o < 3; ++o) {
      const double s = std::max(std::fabs(kW[2 * o]), std::fabs(kW[2 * o + 1]));
      for (int p = 0; p < 9; ++p) {
        double acc = 0;
        for (int i = 0; i < 2; ++i) {
          acc += Qdq(kW[o * 2 + i], s) * Qdq(x[(n * 2 + i) * 9 + p], kActScale);
        }
        y.push_back(static_cast<float>(acc));
      }
    }
  return y;
}

TEST(WeightQuantizeFold, QuantizedFilterBecomesAWeight) {
  const std::vector<float> x = RandomVector(kDims.production(), -1.f, 1.f, 5);
  for (const bool linear : {false, true}) {
    const Builder b = QatConvProgram(linear);
    for (const bool x86 : {false, true}) {
      for (const bool fuse : {true, false}) {
        SCOPED_TRACE(std::string(linear ? "linear" : "fake") + (x86 ? " x86" : " host") +
                     (fuse ? " fused" : " unfused"));
        auto o = Optimize(b.program(), PlacesOnThisCpu(x86), fuse, QatWeights());
        const auto ops = o->OpTypes();
        for (const char* folded : {"fake_channel_wise_quantize_dequantize_abs_max",
                                   "quantize_linear", "dequantize_linear"}) {
          EXPECT_EQ(std::count(ops.begin(), ops.end(), folded), 0) << folded;
        }
        // Float places: the float simulation (int8 places: int8_quantize_pass_test).
        EXPECT_FALSE(o->FindOp("conv2d")->GetAttrOr<bool>("enable_int8", false));
        EXPECT_EQ(std::count(ops.begin(), ops.end(),
                             "fake_quantize_dequantize_moving_average_abs_max"),
                  1);
        ExpectAllNear(o->Run(kDims, x), Expected(x), 1e-5f);
        ExpectAllNear(NbRoundTrip(*o)->Run(kDims, x), Expected(x), 1e-5f);
      }
    }
  }
}

TEST(WeightQuantizeFold, ActivationsAndFetchedWeightsStay) {
  // A quantized weight that is fetched keeps its op (the fetched name is the user's).
  Builder b({-1, 2});
  b.AddVar("w", cpp::VarKind::kLodTensor, {2}, true);
  b.Op("fake_quantize_dequantize_abs_max", {{"X", "w"}}, {{"Out", "wq"}});
  b.Op("elementwise_add", {{"X", "x"}, {"Y", "wq"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", -1);
  b.Fetch("y", 0);
  b.Fetch("wq", 1);
  auto o = Optimize(b.program(), kHostOnly, true, {{"w", {DDim({2}), {1.f, -0.5f}}}});
  const auto ops = o->OpTypes();
  EXPECT_EQ(std::count(ops.begin(), ops.end(), "fake_quantize_dequantize_abs_max"), 1);
  // s = 1: -0.5 -> -63.5 -> -64 -> -64 / 127.
  ExpectAllNear(o->Run(DDim({1, 2}), {10, 20}, 1), {1.f, -64.f / 127}, 1e-7f);
  ExpectAllNear(o->Run(DDim({1, 2}), {10, 20}, 0), {11.f, 20.f - 64.f / 127}, 1e-5f);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
