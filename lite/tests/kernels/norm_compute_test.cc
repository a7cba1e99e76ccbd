// instance_norm and group_norm: hand-worked channels/groups, then a naive double-precision
// routine (statistics by E[x^2] - E[x]^2, a different route from the kernels' two passes) over
// ranks 2 to 5, odd sizes and the optional Scale/Bias; optional outputs; load/shape errors.
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

struct NormResult {
  std::vector<float> y, mean, var;  // var: biased variance per block
};

// X [N, C, rest] split into N * blocks blocks of C/blocks channels; block statistics.
NormResult NaiveBlockNorm(const DDim& dims, const std::vector<float>& x, int blocks,
                          float epsilon, const Affine& a) {
  const int64_t n = dims[0], c = dims[1], spatial = dims.production() / (n * c);
  const int64_t per = c / blocks;
  NormResult r;
  r.y.resize(x.size());
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t g = 0; g < blocks; ++g) {
      const int64_t first = (i * c + g * per) * spatial, count = per * spatial;
      double s = 0, s2 = 0;
      for (int64_t k = 0; k < count; ++k) {
        s += x[first + k];
        s2 += static_cast<double>(x[first + k]) * x[first + k];
      }
      const double mean = s / count, var = std::max(s2 / count - mean * mean, 0.0);
      r.mean.push_back(static_cast<float>(mean));
      r.var.push_back(static_cast<float>(var));
      for (int64_t k = 0; k < count; ++k) {
        const int64_t ch = g * per + k / spatial;
        double v = (x[first + k] - mean) / std::sqrt(var + epsilon);
        if (!a.scale.empty()) v *= a.scale[ch];
        if (!a.bias.empty()) v += a.bias[ch];
        r.y[first + k] = static_cast<float>(v);
      }
    }
  }
  return r;
}

std::unique_ptr<OpRunner> NormRunner(const std::string& type, const DDim& dims,
                                     const std::vector<float>& x, float epsilon,
                                     const Affine& a = {}, bool stats = true) {
  auto r = std::make_unique<OpRunner>(type);
  r->SetInput("X", "x", dims, x);
  const int64_t c = dims.size() > 1 ? dims[1] : 1;
  if (!a.scale.empty()) r->SetInput("Scale", "scale", {c}, a.scale);
  if (!a.bias.empty()) r->SetInput("Bias", "bias", {c}, a.bias);
  r->SetOutput("Y", "y");
  if (stats) {
    r->SetOutput(type == "instance_norm" ? "SavedMean" : "Mean", "mean");
    r->SetOutput(type == "instance_norm" ? "SavedVariance" : "Variance", "var");
  }
  r->desc().SetAttr<float>("epsilon", epsilon);
  return r;
}

std::unique_ptr<OpRunner> GroupNormRunner(const DDim& dims, const std::vector<float>& x,
                                          int groups, float epsilon, const Affine& a = {},
                                          bool stats = true) {
  auto r = NormRunner("group_norm", dims, x, epsilon, a, stats);
  r->desc().SetAttr<int32_t>("groups", groups);
  r->desc().SetAttr<std::string>("data_layout", "NCHW");
  return r;
}

}  // namespace

// ---------------------------------------------------------------- instance_norm
TEST(InstanceNorm, HandWorkedChannels) {
  // X [1, 2, 1, 2]: channel 0 = (1, 3), mean 2, variance 1; channel 1 = (0, 4), mean 2,
  // variance 4. Normalized both are (-1, 1); then * scale (2, 3) + bias (1, 0).
  auto r = NormRunner("instance_norm", {1, 2, 1, 2}, {1, 3, 0, 4}, 0.f, {{2, 3}, {1, 0}});
  r->Run();
  ExpectAllNear(ToVector(*r->Var("y")), {-1.f, 3.f, -3.f, 3.f}, 1e-6f);
  EXPECT_EQ(r->Var("mean")->dims(), DDim({2}));
  ExpectAllNear(ToVector(*r->Var("mean")), {2.f, 2.f}, 0.f);
  // SavedVariance holds 1 / sqrt(var + epsilon), as in Paddle.
  ExpectAllNear(ToVector(*r->Var("var")), {1.f, 0.5f}, 1e-6f);
}

TEST(InstanceNorm, MatchesNaiveOverRanksAndAffine) {
  const DDim shapes[] = {{2, 3}, {3, 5, 7}, {2, 3, 5, 7}, {1, 4, 1, 1}, {2, 2, 3, 1, 5},
                         {1, 16, 9, 13}};
  uint32_t seed = 100;
  for (const DDim& dims : shapes) {
    for (int with : {0, 1, 2, 3}) {  // bit 0: Scale, bit 1: Bias
      SCOPED_TRACE(StrCat("dims ", dims, " affine ", with));
      const auto x = RandomVector(dims.production(), -3.f, 5.f, seed++);
      Affine a;
      if (with & 1) a.scale = RandomVector(dims[1], -2.f, 2.f, seed++);
      if (with & 2) a.bias = RandomVector(dims[1], -1.f, 1.f, seed++);
      auto r = NormRunner("instance_norm", dims, x, 1e-5f, a);
      r->Run();
      const NormResult want = NaiveBlockNorm(dims, x, static_cast<int>(dims[1]), 1e-5f, a);
      std::vector<float> inv_std;
      for (float v : want.var) inv_std.push_back(static_cast<float>(1.0 / std::sqrt(v + 1e-5)));
      EXPECT_EQ(r->Var("y")->dims(), dims);
      EXPECT_EQ(r->Var("mean")->dims(), DDim({dims[0] * dims[1]}));
      ExpectAllNear(ToVector(*r->Var("y")), want.y, 1e-4f, 1e-4f);
      ExpectAllNear(ToVector(*r->Var("mean")), want.mean, 1e-5f, 1e-5f);
      ExpectAllNear(ToVector(*r->Var("var")), inv_std, 1e-4f, 1e-4f);
    }
  }
}

TEST(InstanceNorm, SavedStatisticsAreOptional) {
  auto r = NormRunner("instance_norm", {1, 1, 2}, {1, 3}, 0.f, {}, /*stats=*/false);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("y")), {-1.f, 1.f}, 1e-6f);
}

TEST(InstanceNorm, EpsilonOutsidePaddlesRangeIsRejectedAtLoad) {
  for (float eps : {-1e-5f, 0.01f}) {
    auto r = NormRunner("instance_norm", {1, 2, 2}, std::vector<float>(4), eps);
    EXPECT_PLITE_ERROR(r->InferShapeOnly(),
                       StrCat("op 'instance_norm': attribute 'epsilon' is ", eps));
  }
}

TEST(InstanceNorm, BadShapesAreErrors) {
  auto flat = NormRunner("instance_norm", {4}, std::vector<float>(4), 1e-5f);
  EXPECT_PLITE_ERROR(flat->InferShapeOnly(), "X must have rank 2 to 5 [N, C, ...], got [4]");
  auto deep = NormRunner("instance_norm", {1, 1, 1, 1, 1, 2}, std::vector<float>(2), 1e-5f);
  EXPECT_PLITE_ERROR(deep->InferShapeOnly(), "X must have rank 2 to 5");
  auto r = NormRunner("instance_norm", {1, 3, 2}, std::vector<float>(6), 1e-5f);
  r->SetInput("Scale", "scale", {2}, {1, 1});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "Scale [2] must be [3], one value per channel");
}

// ---------------------------------------------------------------- group_norm
TEST(GroupNorm, HandWorkedGroups) {
  // X [1, 4, 1, 1] = (1, 3, 5, 9), 2 groups: (1, 3) mean 2 variance 1 -> (-1, 1);
  // (5, 9) mean 7 variance 4 -> (-1, 1); then * scale (1, 2, 3, 4) + bias (0, 0, 1, 1).
  auto r = GroupNormRunner({1, 4, 1, 1}, {1, 3, 5, 9}, 2, 0.f, {{1, 2, 3, 4}, {0, 0, 1, 1}});
  r->Run();
  ExpectAllNear(ToVector(*r->Var("y")), {-1.f, 2.f, -2.f, 5.f}, 1e-6f);
  EXPECT_EQ(r->Var("mean")->dims(), DDim({1, 2}));
  ExpectAllNear(ToVector(*r->Var("mean")), {2.f, 7.f}, 0.f);
  ExpectAllNear(ToVector(*r->Var("var")), {1.f, 4.f}, 1e-6f);  // the variance itself
}

TEST(GroupNorm, MatchesNaiveOverGroupsShapesAndAffine) {
  struct Case {
    DDim dims;
    std::vector<int> groups;
  };
  const Case cases[] = {{{2, 6, 5, 7}, {1, 2, 3, 6}}, {{1, 32, 3, 3}, {8, 32}},
                        {{3, 4}, {2, 4}}, {{2, 6, 9}, {3}}, {{1, 4, 2, 3, 5}, {2}}};
  uint32_t seed = 200;
  for (const Case& c : cases) {
    for (int groups : c.groups) {
      for (int with : {0, 3}) {
        SCOPED_TRACE(StrCat("dims ", c.dims, " groups ", groups, " affine ", with));
        const auto x = RandomVector(c.dims.production(), -4.f, 6.f, seed++);
        Affine a;
        if (with) {
          a.scale = RandomVector(c.dims[1], -2.f, 2.f, seed++);
          a.bias = RandomVector(c.dims[1], -1.f, 1.f, seed++);
        }
        auto r = GroupNormRunner(c.dims, x, groups, 1e-5f, a);
        r->Run();
        const NormResult want = NaiveBlockNorm(c.dims, x, groups, 1e-5f, a);
        EXPECT_EQ(r->Var("y")->dims(), c.dims);
        EXPECT_EQ(r->Var("var")->dims(), DDim({c.dims[0], groups}));
        ExpectAllNear(ToVector(*r->Var("y")), want.y, 1e-4f, 1e-4f);
        ExpectAllNear(ToVector(*r->Var("mean")), want.mean, 1e-5f, 1e-5f);
        ExpectAllNear(ToVector(*r->Var("var")), want.var, 1e-4f, 1e-4f);
      }
    }
  }
}

TEST(GroupNorm, MeanAndVarianceAreOptional) {
  auto r = GroupNormRunner({1, 2, 1}, {1, 3}, 1, 0.f, {}, /*stats=*/false);
  r->Run();
  ExpectAllNear(ToVector(*r->Var("y")), {-1.f, 1.f}, 1e-6f);
}

TEST(GroupNorm, GroupsThatDoNotDivideTheChannelsAreAnError) {
  auto r = GroupNormRunner({1, 4, 2, 2}, std::vector<float>(16), 3, 1e-5f);
  EXPECT_PLITE_ERROR(r->InferShapeOnly(),
                     "op 'group_norm': attribute 'groups' 3 must divide the 4 channels of X");
  auto more = GroupNormRunner({1, 4, 2, 2}, std::vector<float>(16), 8, 1e-5f);
  EXPECT_PLITE_ERROR(more->InferShapeOnly(), "attribute 'groups' 8 must divide the 4 channels");
}

TEST(GroupNorm, MalformedAttributesAreRejectedAtLoad) {
  auto zero = GroupNormRunner({1, 4, 2}, std::vector<float>(8), 0, 1e-5f);
  EXPECT_PLITE_ERROR(zero->InferShapeOnly(),
                     "op 'group_norm': attribute 'groups' is 0 (must be >= 1)");
  auto nhwc = GroupNormRunner({1, 4, 2}, std::vector<float>(8), 2, 1e-5f);
  nhwc->desc().SetAttr<std::string>("data_layout", "NHWC");
  EXPECT_PLITE_ERROR(nhwc->InferShapeOnly(),
                     "op 'group_norm': attribute 'data_layout' is 'NHWC'; only NCHW is supported");
  auto eps = GroupNormRunner({1, 4, 2}, std::vector<float>(8), 2, 2.f);
  EXPECT_PLITE_ERROR(eps->InferShapeOnly(), "op 'group_norm': attribute 'epsilon' is 2");
}

TEST(GroupNorm, BadShapesAreErrors) {
  auto flat = GroupNormRunner({4}, std::vector<float>(4), 1, 1e-5f);
  EXPECT_PLITE_ERROR(flat->InferShapeOnly(), "X must have rank >= 2 [N, C, ...], got [4]");
  auto r = GroupNormRunner({1, 4, 2}, std::vector<float>(8), 2, 1e-5f);
  r->SetInput("Bias", "bias", {2, 2}, {0, 0, 0, 0});
  EXPECT_PLITE_ERROR(r->InferShapeOnly(), "Bias [2, 2] must be [4], one value per channel");
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
