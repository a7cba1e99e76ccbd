// batch_norm (inference) host kernel against hand-computed values and the per-channel
// formula y = (x - mean) / sqrt(var + eps) * scale + bias.
#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct BnInputs {
  std::vector<float> scale, bias, mean, variance;
};

// Sets up batch_norm on `x` with the given statistics, like an exported Paddle program
// (training outputs declared too).
Tensor* SetUpBatchNorm(OpRunner* r, const DDim& x_dims, const std::vector<float>& x,
                       const BnInputs& s, float epsilon) {
  const int64_t c = static_cast<int64_t>(s.scale.size());
  r->SetInput("X", "x", x_dims, x);
  r->SetInput("Scale", "scale", {c}, s.scale);
  r->SetInput("Bias", "bias", {c}, s.bias);
  r->SetInput("Mean", "mean", {c}, s.mean);
  r->SetInput("Variance", "variance", {c}, s.variance);
  Tensor* y = r->SetOutput("Y", "y");
  r->SetOutput("MeanOut", "mean");
  r->SetOutput("VarianceOut", "variance");
  r->SetOutput("SavedMean", "saved_mean");
  r->SetOutput("SavedVariance", "saved_variance");
  r->desc().SetAttr<float>("epsilon", epsilon);
  r->desc().SetAttr<std::string>("data_layout", "NCHW");
  return y;
}

std::vector<float> Reference(const DDim& dims, const std::vector<float>& x, const BnInputs& s,
                             float epsilon) {
  const int64_t c = dims[1];
  int64_t inner = 1;
  for (size_t i = 2; i < dims.size(); ++i) inner *= dims[i];
  std::vector<float> y(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const int64_t ch = (static_cast<int64_t>(i) / inner) % c;
    y[i] = static_cast<float>((x[i] - static_cast<double>(s.mean[ch])) /
                                  std::sqrt(static_cast<double>(s.variance[ch]) + epsilon) *
                                  s.scale[ch] +
                              s.bias[ch]);
  }
  return y;
}

BnInputs RandomStats(int c, uint32_t seed) {
  BnInputs s;
  s.scale = RandomVector(c, -2.f, 2.f, seed);
  s.bias = RandomVector(c, -1.f, 1.f, seed + 1);
  s.mean = RandomVector(c, -3.f, 3.f, seed + 2);
  s.variance = RandomVector(c, 0.01f, 4.f, seed + 3);
  return s;
}

TEST(BatchNorm, HandComputed) {
  // Channel 0: mean 1, var 4 - eps, scale 2, bias 0.5 -> y = (x - 1) / 2 * 2 + 0.5 = x - 0.5.
  // Channel 1: mean -2, var 0.25 - eps, scale -1, bias 0 -> y = -(x + 2) / 0.5 = -2x - 4.
  const float eps = 1e-3f;
  BnInputs s{{2.f, -1.f}, {0.5f, 0.f}, {1.f, -2.f}, {4.f - eps, 0.25f - eps}};
  OpRunner r("batch_norm");
  Tensor* y = SetUpBatchNorm(&r, {1, 2, 1, 2}, {3, 5, 1, -2}, s, eps);
  r.Run();
  EXPECT_EQ(y->dims(), DDim({1, 2, 1, 2}));
  ExpectAllNear(ToVector(*y), {2.5f, 4.5f, -6.f, 0.f}, 1e-5f);
}

TEST(BatchNorm, FourDOddShapes) {
  for (const DDim& dims : {DDim({2, 3, 5, 7}), DDim({1, 5, 1, 1}), DDim({3, 1, 2, 3})}) {
    SCOPED_TRACE(dims.repr());
    const std::vector<float> x = RandomVector(dims.production(), -4.f, 4.f, 3);
    const BnInputs s = RandomStats(static_cast<int>(dims[1]), 10);
    OpRunner r("batch_norm");
    Tensor* y = SetUpBatchNorm(&r, dims, x, s, 1e-5f);
    r.Run();
    EXPECT_EQ(y->dims(), dims);
    ExpectAllNear(ToVector(*y), Reference(dims, x, s, 1e-5f), 1e-5f, 1e-5f);
  }
}

TEST(BatchNorm, TwoDInput) {
  const DDim dims({4, 3});
  const std::vector<float> x = RandomVector(12, -4.f, 4.f, 21);
  const BnInputs s = RandomStats(3, 30);
  OpRunner r("batch_norm");
  Tensor* y = SetUpBatchNorm(&r, dims, x, s, 1e-4f);
  r.Run();
  EXPECT_EQ(y->dims(), dims);
  ExpectAllNear(ToVector(*y), Reference(dims, x, s, 1e-4f), 1e-5f, 1e-5f);
}

TEST(BatchNorm, IsTestFlagsOfEitherKindUseSavedStatistics) {
  // is_test may be INT (Fluid 1.x) or BOOLEAN; even is_test false (and no
  // use_global_stats) runs inference with the saved statistics.
  const DDim dims({1, 2, 2, 2});
  const std::vector<float> x = RandomVector(8, -1.f, 1.f, 40);
  const BnInputs s = RandomStats(2, 41);
  const std::vector<float> expected = Reference(dims, x, s, 1e-5f);
  for (int variant = 0; variant < 3; ++variant) {
    OpRunner r("batch_norm");
    Tensor* y = SetUpBatchNorm(&r, dims, x, s, 1e-5f);
    if (variant == 0) r.desc().SetAttr<int32_t>("is_test", 1);
    if (variant == 1) r.desc().SetAttr<bool>("is_test", true);
    if (variant == 2) {
      r.desc().SetAttr<bool>("is_test", false);
      r.desc().SetAttr<bool>("use_global_stats", false);
    }
    r.Run();
    ExpectAllNear(ToVector(*y), expected, 1e-5f, 1e-5f);
  }
}

TEST(BatchNorm, OnlyYOutputIsRequired) {
  OpRunner r("batch_norm");
  const BnInputs s = RandomStats(2, 50);
  r.SetInput("X", "x", {1, 2, 1, 1}, {1, 2});
  r.SetInput("Scale", "scale", {2}, s.scale);
  r.SetInput("Bias", "bias", {2}, s.bias);
  r.SetInput("Mean", "mean", {2}, s.mean);
  r.SetInput("Variance", "variance", {2}, s.variance);
  Tensor* y = r.SetOutput("Y", "y");
  r.Run();  // epsilon defaults to 1e-5
  ExpectAllNear(ToVector(*y), Reference({1, 2, 1, 1}, {1, 2}, s, 1e-5f), 1e-5f, 1e-5f);
}

TEST(BatchNormErrors, StatisticsSizeMismatch) {
  OpRunner r("batch_norm");
  BnInputs s = RandomStats(3, 60);
  SetUpBatchNorm(&r, {1, 2, 2, 2}, std::vector<float>(8, 0.f), s, 1e-5f);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "Scale has 3 values");
}

TEST(BatchNormErrors, NhwcLayout) {
  OpRunner r("batch_norm");
  SetUpBatchNorm(&r, {1, 2, 2, 2}, std::vector<float>(8, 0.f), RandomStats(2, 70), 1e-5f);
  r.desc().SetAttr<std::string>("data_layout", "NHWC");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "data_layout 'NHWC'");
}

TEST(BatchNormErrors, OneDInput) {
  OpRunner r("batch_norm");
  SetUpBatchNorm(&r, {2}, {1, 2}, RandomStats(2, 80), 1e-5f);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "X must have 2 to 5 dims");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
