// weight_int8_snap_pass on a QAT-shaped conv: a filter of int8 levels times a per-channel
// step, scaled by the batch norm the fusion folds in, comes out as exact level products
// within a few ulps of the double-precision product, so the .nb stores it in int8 and runs
// the same bits as the plan it was written from; a float filter is left alone.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/utils/int8_weights.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr int kOut = 8, kIn = 4;
const DDim kDims({1, kIn, 5, 5});
const DDim kFilterDims({kOut, kIn, 3, 3});
constexpr int kPerRow = kIn * 9;

// x -> conv 3x3 (4 -> 8, pad 1, filter w) -> batch_norm -> y
Builder ConvBnProgram() {
  Builder b({-1, kIn, 5, 5});
  b.AddVar("w", cpp::VarKind::kLodTensor, {kOut, kIn, 3, 3}, true);
  for (const char* n : {"scale", "shift", "mean", "var"}) {
    b.AddVar(n, cpp::VarKind::kLodTensor, {kOut}, true);
  }
  cpp::OpDesc& conv = b.Op("conv2d", {{"Input", "x"}, {"Filter", "w"}}, {{"Output", "c"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
  b.Op("batch_norm",
       {{"X", "c"}, {"Scale", "scale"}, {"Bias", "shift"}, {"Mean", "mean"}, {"Variance", "var"}},
       {{"Y", "y"}, {"MeanOut", "mean"}, {"VarianceOut", "var"}, {"SavedMean", "saved_mean"},
        {"SavedVariance", "saved_var"}})
      .SetAttr<float>("epsilon", 1e-3f);
  b.Fetch("y", 0);
  return b;
}

int Level(int o, int i) { return i == 0 ? (o % 2 ? -127 : 127) : (i * 31 + o * 7) % 255 - 127; }
float Step(int o) { return 0.004f * (o + 1); }

Weights ConvBnWeights(bool levels) {
  std::vector<float> w(kFilterDims.production());
  const auto random = RandomVector(w.size(), -0.5f, 0.5f, 5);
  for (int o = 0; o < kOut; ++o) {
    for (int i = 0; i < kPerRow; ++i) {
      // As weight_quantize_fold_pass leaves a QAT filter: float(level * step).
      const int at = o * kPerRow + i;
      w[at] = levels ? static_cast<float>(Level(o, i)) * Step(o) : random[at];
    }
  }
  return {{"w", {kFilterDims, w}},
          {"scale", {DDim({kOut}), RandomVector(kOut, -1.5f, 1.5f, 6)}},
          {"shift", {DDim({kOut}), RandomVector(kOut, -0.5f, 0.5f, 7)}},
          {"mean", {DDim({kOut}), RandomVector(kOut, -0.2f, 0.2f, 8)}},
          {"var", {DDim({kOut}), RandomVector(kOut, 0.5f, 2.f, 9)}}};
}

const Tensor& ConvFilter(const Optimized& o) {
  const cpp::OpDesc* conv = o.FindOp("conv2d");
  EXPECT_NE(conv, nullptr);
  return *o.root->FindTensor(conv->Input("Filter")[0]);
}

bool ExactProducts(const Tensor& w) {
  Int8Rows rows;
  return EncodeInt8Rows(w.data<float>(), w.dims()[0], w.numel() / w.dims()[0], 0.f, &rows);
}

TEST(WeightInt8Snap, BatchNormScaledLevelsBecomeExactProducts) {
  const Weights weights = ConvBnWeights(true);
  auto fused = Optimize(ConvBnProgram().program(), kHostOnly, true, weights);
  EXPECT_EQ(fused->FindOp("batch_norm"), nullptr);
  const Tensor& w = ConvFilter(*fused);
  EXPECT_TRUE(ExactProducts(w));
  const auto& scale = weights.at("scale").second;
  const auto& var = weights.at("var").second;
  for (int o = 0; o < kOut; ++o) {
    const double factor = scale[o] / std::sqrt(static_cast<double>(var[o]) + 1e-3);
    for (int i = 0; i < kPerRow; ++i) {
      const double exact = Level(o, i) * static_cast<double>(Step(o)) * factor;
      ASSERT_NEAR(w.data<float>()[o * kPerRow + i], exact, 2e-6 * std::fabs(exact))
          << o << " " << i;
    }
  }
  const std::vector<float> x = RandomVector(kDims.production(), -1.f, 1.f, 10);
  EXPECT_EQ(NbRoundTrip(*fused)->Run(kDims, x), fused->Run(kDims, x));
}

TEST(WeightInt8Snap, FloatFiltersAndExactProductsStayAsTheyAre) {
  const std::vector<float> x = RandomVector(kDims.production(), -1.f, 1.f, 11);
  auto fused = Optimize(ConvBnProgram().program(), kHostOnly, true, ConvBnWeights(false));
  EXPECT_FALSE(ExactProducts(ConvFilter(*fused)));
  EXPECT_EQ(NbRoundTrip(*fused)->Run(kDims, x), fused->Run(kDims, x));
  // Without the fusion the levels' products are exact already: the same bits.
  const Weights weights = ConvBnWeights(true);
  auto plain = Optimize(ConvBnProgram().program(), kHostOnly, false, weights);
  const Tensor& w = ConvFilter(*plain);
  for (int i = 0; i < w.numel(); ++i) ASSERT_EQ(w.data<float>()[i], weights.at("w").second[i]);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
