// mul host kernel against hand-computed values and a triple-loop product of the
// flattened operands.
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// out[i][j] = sum_p x[i][p] * y[p][j] on row-major [m, k] and [k, n].
std::vector<float> NaiveProduct(const std::vector<float>& x, const std::vector<float>& y,
                                int64_t m, int64_t k, int64_t n) {
  std::vector<float> out(m * n);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0;
      for (int64_t p = 0; p < k; ++p) sum += static_cast<double>(x[i * k + p]) * y[p * n + j];
      out[i * n + j] = static_cast<float>(sum);
    }
  }
  return out;
}

Tensor* SetUpMul(OpRunner* r, const DDim& x_dims, const std::vector<float>& x, const DDim& y_dims,
                 const std::vector<float>& y, int x_num_col_dims, int y_num_col_dims) {
  r->SetInput("X", "x", x_dims, x);
  r->SetInput("Y", "y", y_dims, y);
  r->desc().SetAttr<int32_t>("x_num_col_dims", x_num_col_dims);
  r->desc().SetAttr<int32_t>("y_num_col_dims", y_num_col_dims);
  return r->SetOutput("Out", "out");
}

TEST(Mul, HandComputed2x3Times3x2) {
  // [[1,2,3],[4,5,6]] x [[1,0],[0,1],[1,1]] = [[4,5],[10,11]].
  OpRunner r("mul");
  Tensor* out = SetUpMul(&r, {2, 3}, {1, 2, 3, 4, 5, 6}, {3, 2}, {1, 0, 0, 1, 1, 1}, 1, 1);
  r.Run();
  EXPECT_EQ(out->dims(), DDim({2, 2}));
  ExpectAllNear(ToVector(*out), {4, 5, 10, 11}, 0.f);
}

TEST(Mul, FlatteningAndOutputDims) {
  struct Case {
    DDim x, y;
    int xn, yn;
    DDim out;
  };
  const std::vector<Case> cases = {
      {{2, 3, 4, 5}, {60, 7}, 1, 1, {2, 7}},          // NCHW feature map into a matrix
      {{2, 3, 4, 5}, {20, 3}, 2, 1, {2, 3, 3}},       // keep two leading dims
      {{2, 3, 4, 5}, {4, 5, 3, 1}, 2, 2, {2, 3, 3, 1}},
      {{1, 7}, {7, 1}, 1, 1, {1, 1}},
      {{5, 1, 1}, {1, 3}, 1, 1, {5, 3}},
      {{3, 5}, {5, 2, 3}, 1, 1, {3, 2, 3}},           // Y keeps its trailing dims
  };
  uint32_t seed = 1;
  for (const Case& c : cases) {
    SCOPED_TRACE(StrCat(c.x, " x ", c.y, " at ", c.xn, ",", c.yn));
    const std::vector<float> x = RandomVector(c.x.production(), -1, 1, seed++);
    const std::vector<float> y = RandomVector(c.y.production(), -1, 1, seed++);
    OpRunner r("mul");
    Tensor* out = SetUpMul(&r, c.x, x, c.y, y, c.xn, c.yn);
    r.Run();
    EXPECT_EQ(out->dims(), c.out);
    const int64_t m = c.x.count(0, c.xn), k = c.x.count(c.xn, c.x.size());
    const int64_t n = c.y.count(c.yn, c.y.size());
    ExpectAllNear(ToVector(*out), NaiveProduct(x, y, m, k, n), 1e-5f, 1e-5f);
  }
}

TEST(MulErrors, MismatchedInnerDims) {
  OpRunner r("mul");
  SetUpMul(&r, {2, 3}, std::vector<float>(6, 1.f), {4, 2}, std::vector<float>(8, 1.f), 1, 1);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "has 3 columns but Y");
}

TEST(MulErrors, NumColDimsTooLarge) {
  OpRunner r("mul");
  SetUpMul(&r, {2, 3}, std::vector<float>(6, 1.f), {3, 2}, std::vector<float>(6, 1.f), 2, 1);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "needs more than x_num_col_dims=2");
}

TEST(MulErrors, YOfTooFewDims) {
  // Y [6] flattened at y_num_col_dims=1 would need a second dim for its columns.
  OpRunner r("mul");
  SetUpMul(&r, {2, 6}, std::vector<float>(12, 1.f), {6}, std::vector<float>(6, 1.f), 1, 1);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "Y [6] needs more than y_num_col_dims=1");
}

TEST(MulErrors, NonPositiveNumColDims) {
  OpRunner r("mul");
  SetUpMul(&r, {2, 3}, std::vector<float>(6, 1.f), {3, 2}, std::vector<float>(6, 1.f), 1, 0);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "must be >= 1");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
