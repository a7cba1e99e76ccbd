// layer_norm host kernel: hand-worked rows, a naive double-precision routine (mean and
// E[x^2] - mean^2 per row) over shapes and begin_norm_axis values, the optional inputs and
// outputs, precision far from zero, and the load/shape errors.
#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/shape_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct Affine {
  std::vector<float> scale, bias;  // empty: input absent
};

std::unique_ptr<OpRunner> LayerNormRunner(const DDim& dims, const std::vector<float>& x,
                                          int begin_norm_axis, float epsilon,
                                          const Affine& affine = {}, bool stats = true) {
  auto r = std::make_unique<OpRunner>("layer_norm");
  r->SetInput("X", "x", dims, x);
  const int64_t right = dims.count(begin_norm_axis < 0 ? 0 : begin_norm_axis, dims.size());
  if (!affine.scale.empty()) r->SetInput("Scale", "scale", {right}, affine.scale);
  if (!affine.bias.empty()) r->SetInput("Bias", "bias", {right}, affine.bias);
  r->SetOutput("Y", "y");
  if (stats) {
    r->SetOutput("Mean", "mean");
    r->SetOutput("Variance", "variance");
  }
  r->desc().SetAttr<int32_t>("begin_norm_axis", begin_norm_axis);
  r->desc().SetAttr<float>("epsilon", epsilon);
  return r;
}

struct Normalized {
  std::vector<float> y, mean, variance;
};

// The definition, in double: var = E[x^2] - E[x]^2 (a different route from the kernel's).
Normalized Naive(const DDim& dims, const std::vector<float>& x, int axis, float epsilon,
                 const Affine& affine) {
  int64_t left = 1, right = 1;
  for (size_t d = 0; d < dims.size(); ++d) (static_cast<int>(d) < axis ? left : right) *= dims[d];
  Normalized n;
  n.y.resize(x.size());
  for (int64_t r = 0; r < left; ++r) {
    double s = 0, s2 = 0;
    for (int64_t i = 0; i < right; ++i) {
      const double v = x[r * right + i];
      s += v;
      s2 += v * v;
    }
    const double mean = s / right, var = s2 / right - mean * mean;
    n.mean.push_back(static_cast<float>(mean));
    n.variance.push_back(static_cast<float>(var));
    for (int64_t i = 0; i < right; ++i) {
      double v = (x[r * right + i] - mean) / std::sqrt(var + epsilon);
      if (!affine.scale.empty()) v *= affine.scale[i];
      if (!affine.bias.empty()) v += affine.bias[i];
      n.y[r * right + i] = static_cast<float>(v);
    }
  }
  return n;
}

}  // namespace

TEST(LayerNorm, HandWorkedRow) {
  // Mean 5, biased variance 4 (std 2): y = (x - 5) / 2.
  const std::vector<float> x = {2, 4, 4, 4, 5, 5, 7, 9};
  auto r = LayerNormRunner({1, 8}, x, 1, 0.f);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("y")), {-1.5f, -0.5f, -0.5f, -0.5f, 0.f, 0.f, 1.f, 2.f}, 1e-6f);
  EXPECT_EQ(r->Var("mean")->dims(), DDim({1}));
  ExpectAllNear(ToVector(*r->Var("mean")), {5.f}, 1e-6f);
  ExpectAllNear(ToVector(*r->Var("variance")), {4.f}, 1e-6f);
}

TEST(LayerNorm, HandWorkedScaleBiasAndEpsilon) {
  // Rows [1, 3] and [0, 0]: means 2 and 0, variances 1 and 0; epsilon 3 makes sqrt(var + eps)
  // 2 and sqrt(3), so the normalized rows are [-0.5, 0.5] and [0, 0]; y = norm * scale + bias
  // with scale [2, 4], bias [1, -1].
  const Affine affine{{2.f, 4.f}, {1.f, -1.f}};
  auto r = LayerNormRunner({2, 2}, {1, 3, 0, 0}, 1, 3.f, affine);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("y")), {0.f, 1.f, 1.f, -1.f}, 1e-6f);
  ExpectAllNear(ToVector(*r->Var("mean")), {2.f, 0.f}, 0.f);
  ExpectAllNear(ToVector(*r->Var("variance")), {1.f, 0.f}, 0.f);
}

TEST(LayerNorm, MatchesTheDefinitionOverShapesAndAxes) {
  struct Case {
    DDim dims;
    std::vector<int> axes;
  };
  // [N, T, C] as in sequence models, odd sizes, rank 4.
  const Case cases[] = {{{2, 5, 7}, {1, 2}}, {{1, 40, 120}, {2}}, {{3, 1}, {1}},
                        {{2, 3, 4, 5}, {1, 2, 3}}, {{1, 1, 1, 513}, {3}}};
  uint32_t seed = 7;
  for (const Case& c : cases) {
    for (int axis : c.axes) {
      for (int with : {0, 1, 2, 3}) {  // bit 0: Scale, bit 1: Bias
        SCOPED_TRACE(StrCat("dims ", c.dims, " begin_norm_axis ", axis, " affine ", with));
        const int64_t right = c.dims.count(axis, c.dims.size());
        const auto x = RandomVector(c.dims.production(), -3.f, 5.f, seed++);
        Affine affine;
        if (with & 1) affine.scale = RandomVector(right, -2.f, 2.f, seed++);
        if (with & 2) affine.bias = RandomVector(right, -1.f, 1.f, seed++);
        auto r = LayerNormRunner(c.dims, x, axis, 1e-5f, affine);
        r->Run();
        const Normalized want = Naive(c.dims, x, axis, 1e-5f, affine);
        EXPECT_EQ(r->Var("y")->dims(), c.dims);
        EXPECT_EQ(r->Var("mean")->dims(), DDim({c.dims.count(0, axis)}));
        ExpectAllNear(ToVector(*r->Var("y")), want.y, 1e-5f, 1e-5f);
        ExpectAllNear(ToVector(*r->Var("mean")), want.mean, 1e-5f, 1e-5f);
        ExpectAllNear(ToVector(*r->Var("variance")), want.variance, 1e-5f, 1e-5f);
      }
    }
  }
}

TEST(LayerNorm, KeepsPrecisionFarFromZero) {
  // A one-pass float E[x^2] - mean^2 loses these small deviations next to 1e4.
  const std::vector<float> x = {9999.f, 10001.f, 9999.f, 10001.f};
  auto r = LayerNormRunner({1, 4}, x, 1, 0.f);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("y")), {-1.f, 1.f, -1.f, 1.f}, 1e-6f);
  ExpectAllNear(ToVector(*r->Var("variance")), {1.f}, 0.f);
}

TEST(LayerNorm, MeanAndVarianceOutputsAreOptional) {
  auto r = LayerNormRunner({2, 2}, {1, 3, 5, 9}, 1, 0.f, {}, /*stats=*/false);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("y")), {-1.f, 1.f, -1.f, 1.f}, 1e-6f);
}

TEST(LayerNorm, KeepsLoD) {
  auto r = LayerNormRunner({3, 2}, {1, 3, 5, 9, 0, 2}, 1, 0.f);
  r->Var("x")->set_lod({{0, 1, 3}});
  r->Run();
  EXPECT_EQ(r->Var("y")->lod(), LoD({{0, 1, 3}}));
}

TEST(LayerNorm, BeginNormAxisBelowOneIsRejectedAtLoad) {
  for (int axis : {0, -1}) {
    auto r = LayerNormRunner({2, 3}, std::vector<float>(6), axis, 1e-5f);
    EXPECT_PLITE_ERROR(r->InferShapeOnly(), StrCat("attribute 'begin_norm_axis' is ", axis));
  }
}

TEST(LayerNorm, BeginNormAxisAtRankIsAnError) {
  auto r = LayerNormRunner({2, 3}, std::vector<float>(6), 2, 1e-5f);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(),
                     "'begin_norm_axis' 2 must be less than the rank of X [2, 3]");
}

TEST(LayerNorm, NegativeEpsilonIsRejectedAtLoad) {
  auto r = LayerNormRunner({2, 3}, std::vector<float>(6), 1, -1.f);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "attribute 'epsilon' is -1");
}

TEST(LayerNorm, ScaleOfTheWrongSizeIsAnError) {
  auto r = LayerNormRunner({2, 3, 4}, std::vector<float>(24), 2, 1e-5f);
  r->SetInput("Scale", "scale", {12}, std::vector<float>(12, 1.f));
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "Scale [12] must be [4]");
}

TEST(LayerNorm, BiasOfTheWrongRankIsAnError) {
  auto r = LayerNormRunner({2, 3, 4}, std::vector<float>(24), 1, 1e-5f);
  r->SetInput("Bias", "bias", {3, 4}, std::vector<float>(12, 1.f));
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "Bias [3, 4] must be [12]");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
