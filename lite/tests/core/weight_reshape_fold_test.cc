// weight_reshape_fold_pass on small built programs: a reshaped weight becomes a weight of
// the new dims (so a conv's reshape(bias) + add folds into the conv's bias, as Paddle 3
// exports write it), what is left alone, and that the optimized programs (host or x86
// kernels, after a .nb round trip) compute a plain loop's values.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const DDim kDims({2, 3, 4, 5});

// x [-1, 3, 4, 5] -> conv 1x1 (3 -> 2, filter `w`) -> + reshape(b [2], [1, 2, 1, 1]) -> y
Builder ConvBiasProgram(const std::string& reshape_type) {
  Builder b({-1, 3, 4, 5});
  b.AddVar("w", cpp::VarKind::kLodTensor, {2, 3, 1, 1}, true);
  b.AddVar("b", cpp::VarKind::kLodTensor, {2}, true);
  cpp::OpDesc& conv = b.Op("conv2d", {{"Input", "x"}, {"Filter", "w"}}, {{"Output", "c"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
  if (reshape_type == "unsqueeze2") {
    b.Op("unsqueeze2", {{"X", "b"}}, {{"Out", "b4"}, {"XShape", "b4_xshape"}})
        .SetAttr<std::vector<int32_t>>("axes", {0, 2, 3});
  } else {
    b.Op(reshape_type, {{"X", "b"}}, {{"Out", "b4"}})
        .SetAttr<std::vector<int32_t>>("shape", {1, 2, 1, 1});
  }
  b.Op("elementwise_add", {{"X", "c"}, {"Y", "b4"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", -1);
  b.Fetch("y", 0);
  return b;
}

const Weights kWeights = {{"w", {DDim({2, 3, 1, 1}), {1, -1, 0.5f, 2, 0, -0.25f}}},
                          {"b", {DDim({2}), {0.5f, -3}}}};

// y[n][o][h][w] = sum_i w[o][i] x[n][i][h][w] + b[o].
std::vector<float> Expected(const std::vector<float>& x) {
  const auto& w = kWeights.at("w").second;
  const auto& b = kWeights.at("b").second;
  std::vector<float> y;
  for (int n = 0; n < 2; ++n)
    for (int o = 0; o < 2; ++o)
      for (int p = 0; p < 20; ++p) {
        float acc = b[o];
        for (int i = 0; i < 3; ++i) acc += w[o * 3 + i] * x[(n * 3 + i) * 20 + p];
        y.push_back(acc);
      }
  return y;
}

TEST(WeightReshapeFold, ReshapedConvBiasFoldsIntoTheConv) {
  const std::vector<float> x = RandomVector(kDims.production(), -1.f, 1.f, 3);
  for (const std::string type : {"reshape2", "reshape", "unsqueeze2"}) {
    const Builder b = ConvBiasProgram(type);
    for (const bool x86 : {false, true}) {
      SCOPED_TRACE(type + (x86 ? " x86" : " host"));
      auto fused = Optimize(b.program(), PlacesOnThisCpu(x86), true, kWeights);
      const auto ops = fused->OpTypes();
      EXPECT_EQ(std::count(ops.begin(), ops.end(), type), 0);
      EXPECT_EQ(std::count(ops.begin(), ops.end(), "elementwise_add"), 0);
      const cpp::OpDesc* conv = fused->FindOp("conv2d");
      ASSERT_NE(conv, nullptr);
      EXPECT_TRUE(conv->HasInput("Bias"));
      ExpectAllNear(fused->Run(kDims, x), Expected(x), 1e-5f);
      ExpectAllNear(NbRoundTrip(*fused)->Run(kDims, x), Expected(x), 1e-5f);
    }
    // With the fusions off, the program is left as it is.
    auto plain = Optimize(b.program(), kHostOnly, false, kWeights);
    const auto ops = plain->OpTypes();
    EXPECT_EQ(std::count(ops.begin(), ops.end(), type), 1);
    ExpectAllNear(plain->Run(kDims, x), Expected(x), 1e-5f);
  }
}

TEST(WeightReshapeFold, ReshapesOfActivationsFetchedOrRuntimeShapedStay) {
  // A reshaped weight that is itself fetched keeps its op (the fetched name is the user's).
  {
    Builder b({-1, 2});
    b.AddVar("b", cpp::VarKind::kLodTensor, {2}, true);
    b.Op("reshape2", {{"X", "b"}}, {{"Out", "b2"}}).SetAttr<std::vector<int32_t>>("shape", {1, 2});
    b.Op("elementwise_add", {{"X", "x"}, {"Y", "b2"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", -1);
    b.Fetch("y", 0);
    b.Fetch("b2", 1);
    auto o = Optimize(b.program(), kHostOnly, true, {{"b", {DDim({2}), {1, 2}}}});
    const auto ops = o->OpTypes();
    EXPECT_EQ(std::count(ops.begin(), ops.end(), "reshape2"), 1);
    EXPECT_EQ(o->Run(DDim({1, 2}), {10, 20}, 0), (std::vector<float>{11, 22}));
    EXPECT_EQ(o->Run(DDim({1, 2}), {10, 20}, 1), (std::vector<float>{1, 2}));
  }
  // An activation's reshape, and a weight reshaped by a shape tensor, stay.
  {
    Builder b({-1, 4});
    b.AddVar("w", cpp::VarKind::kLodTensor, {4}, true);
    b.AddVar("shape", cpp::VarKind::kLodTensor, {2}, true);
    b.Op("reshape2", {{"X", "x"}}, {{"Out", "x2"}}).SetAttr<std::vector<int32_t>>("shape", {-1, 2});
    b.Op("reshape2", {{"X", "w"}, {"Shape", "shape"}}, {{"Out", "w2"}})
        .SetAttr<std::vector<int32_t>>("shape", {});
    b.Op("elementwise_add", {{"X", "x2"}, {"Y", "w2"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", -1);
    b.Fetch("y", 0);
    auto o = Optimize(b.program(), kHostOnly, true, {{"w", {DDim({4}), {1, 2, 3, 4}}}});
    const auto ops = o->OpTypes();
    EXPECT_EQ(std::count(ops.begin(), ops.end(), "reshape2"), 2);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
