// matmul / matmul_v2 host kernels against hand-computed values and a reference that
// walks the numpy-broadcast output index by index.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct MatMulCase {
  std::vector<int64_t> x, y;
  bool trans_x{false}, trans_y{false};
  float alpha{1.f};  // matmul (v1) only
  std::vector<int64_t> out;  // expected dims
};

// Reference from the definition: 1-D X is [1, K] and 1-D Y is [K, 1]; batch dims
// broadcast numpy-style; out[b][i][j] = alpha * sum_p opX[b][i][p] * opY[b][p][j].
std::vector<float> Reference(const MatMulCase& c, const std::vector<float>& x,
                             const std::vector<float>& y) {
  std::vector<int64_t> xd = c.x, yd = c.y;
  if (xd.size() == 1) xd.insert(xd.begin(), 1);
  if (yd.size() == 1) yd.push_back(1);
  const size_t xr = xd.size(), yr = yd.size();
  const int64_t x_rows = xd[xr - 2], x_cols = xd[xr - 1];
  const int64_t y_rows = yd[yr - 2], y_cols = yd[yr - 1];
  const int64_t m = c.trans_x ? x_cols : x_rows;
  const int64_t k = c.trans_x ? x_rows : x_cols;
  const int64_t n = c.trans_y ? y_rows : y_cols;
  // Batch dims padded on the left with 1 to a common rank.
  const size_t rank = std::max(xr, yr) - 2;
  std::vector<int64_t> xb(rank, 1), yb(rank, 1), ob(rank);
  for (size_t i = 0; i < xr - 2; ++i) xb[rank - (xr - 2) + i] = xd[i];
  for (size_t i = 0; i < yr - 2; ++i) yb[rank - (yr - 2) + i] = yd[i];
  int64_t batches = 1;
  for (size_t i = 0; i < rank; ++i) {
    ob[i] = std::max(xb[i], yb[i]);
    batches *= ob[i];
  }
  std::vector<float> out;
  for (int64_t b = 0; b < batches; ++b) {
    // Decompose b into the output batch index, then into X's and Y's (1 -> index 0).
    std::vector<int64_t> idx(rank);
    int64_t rest = b;
    for (size_t i = rank; i-- > 0;) {
      idx[i] = rest % ob[i];
      rest /= ob[i];
    }
    int64_t x_mat = 0, y_mat = 0;
    for (size_t i = 0; i < rank; ++i) {
      x_mat = x_mat * xb[i] + (xb[i] == 1 ? 0 : idx[i]);
      y_mat = y_mat * yb[i] + (yb[i] == 1 ? 0 : idx[i]);
    }
    const float* xm = x.data() + x_mat * x_rows * x_cols;
    const float* ym = y.data() + y_mat * y_rows * y_cols;
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        double sum = 0;
        for (int64_t p = 0; p < k; ++p) {
          const float a = c.trans_x ? xm[p * x_cols + i] : xm[i * x_cols + p];
          const float bv = c.trans_y ? ym[j * y_cols + p] : ym[p * y_cols + j];
          sum += static_cast<double>(a) * bv;
        }
        out.push_back(static_cast<float>(c.alpha * sum));
      }
    }
  }
  return out;
}

MatMulCase Shapes(std::vector<int64_t> x, std::vector<int64_t> y) {
  MatMulCase c;
  c.x = std::move(x);
  c.y = std::move(y);
  return c;
}

Tensor* SetUpMatMul(OpRunner* r, const MatMulCase& c, const std::vector<float>& x,
                    const std::vector<float>& y) {
  r->SetInput("X", "x", DDim(c.x), x);
  r->SetInput("Y", "y", DDim(c.y), y);
  if (r->desc().Type() == "matmul_v2") {
    r->desc().SetAttr<bool>("trans_x", c.trans_x);
    r->desc().SetAttr<bool>("trans_y", c.trans_y);
  } else {
    r->desc().SetAttr<bool>("transpose_X", c.trans_x);
    r->desc().SetAttr<bool>("transpose_Y", c.trans_y);
    r->desc().SetAttr<float>("alpha", c.alpha);
  }
  return r->SetOutput("Out", "out");
}

TEST(MatMul, HandComputed2x2) {
  const std::vector<float> x = {1, 2, 3, 4}, y = {5, 6, 7, 8};
  for (const char* op : {"matmul", "matmul_v2"}) {
    SCOPED_TRACE(op);
    MatMulCase c = Shapes({2, 2}, {2, 2});
    {
      OpRunner r(op);
      Tensor* out = SetUpMatMul(&r, c, x, y);
      r.Run();
      EXPECT_EQ(out->dims(), DDim({2, 2}));
      ExpectAllNear(ToVector(*out), {19, 22, 43, 50}, 0.f);
    }
    c.trans_y = true;  // x * y^T
    {
      OpRunner r(op);
      Tensor* out = SetUpMatMul(&r, c, x, y);
      r.Run();
      ExpectAllNear(ToVector(*out), {17, 23, 39, 53}, 0.f);
    }
    c.trans_y = false, c.trans_x = true;  // x^T * y = [[1,3],[2,4]] * y
    {
      OpRunner r(op);
      Tensor* out = SetUpMatMul(&r, c, x, y);
      r.Run();
      ExpectAllNear(ToVector(*out), {26, 30, 38, 44}, 0.f);
    }
  }
}

TEST(MatMul, HandComputedAlphaAndVectors) {
  {
    OpRunner r("matmul");
    MatMulCase c = Shapes({1, 2}, {2, 1});
    c.alpha = 0.5f;
    Tensor* out = SetUpMatMul(&r, c, {3, 4}, {5, 6});
    r.Run();
    EXPECT_EQ(out->dims(), DDim({1, 1}));
    ExpectAllNear(ToVector(*out), {19.5f}, 1e-6f);
  }
  {
    OpRunner r("matmul_v2");  // vector . vector -> [1]
    Tensor* out = SetUpMatMul(&r, Shapes({3}, {3}), {1, 2, 3}, {4, 5, 6});
    r.Run();
    EXPECT_EQ(out->dims(), DDim({1}));
    ExpectAllNear(ToVector(*out), {32}, 0.f);
  }
  {
    OpRunner r("matmul_v2");  // vector x matrix -> [N]
    Tensor* out = SetUpMatMul(&r, Shapes({2}, {2, 3}), {1, 2}, {1, 2, 3, 4, 5, 6});
    r.Run();
    EXPECT_EQ(out->dims(), DDim({3}));
    ExpectAllNear(ToVector(*out), {9, 12, 15}, 0.f);
  }
}

TEST(MatMul, TransposedVectorOperands) {
  // matmul_v2 ignores trans_x / trans_y on 1-D operands: x [2] . Y [2, 3] as above.
  {
    OpRunner r("matmul_v2");
    MatMulCase c = Shapes({2}, {2, 3});
    c.trans_x = true;
    Tensor* out = SetUpMatMul(&r, c, {1, 2}, {1, 2, 3, 4, 5, 6});
    r.Run();
    EXPECT_EQ(out->dims(), DDim({3}));
    ExpectAllNear(ToVector(*out), {9, 12, 15}, 0.f);
  }
  {
    OpRunner r("matmul_v2");  // X [3, 2] . y [2], y "transposed": still [3]
    MatMulCase c = Shapes({3, 2}, {2});
    c.trans_y = true;
    Tensor* out = SetUpMatMul(&r, c, {1, 2, 3, 4, 5, 6}, {1, 10});
    r.Run();
    EXPECT_EQ(out->dims(), DDim({3}));
    ExpectAllNear(ToVector(*out), {21, 43, 65}, 0.f);
  }
  // matmul (v1) transposes them: x [3] transposed is a [3, 1] column, times Y [1, 2] gives
  // [3, 2] (the outer product).
  {
    OpRunner r("matmul");
    MatMulCase c = Shapes({3}, {1, 2});
    c.trans_x = true;
    Tensor* out = SetUpMatMul(&r, c, {1, 2, 3}, {10, 20});
    r.Run();
    EXPECT_EQ(out->dims(), DDim({3, 2}));
    ExpectAllNear(ToVector(*out), {10, 20, 20, 40, 30, 60}, 0.f);
  }
}

TEST(MatMul, ShapesBroadcastingAndTransposes) {
  std::vector<MatMulCase> cases = {
      {{3, 5}, {5, 4}, false, false, 1.f, {3, 4}},
      {{1, 1}, {1, 7}, false, false, 1.f, {1, 7}},
      {{5, 3}, {5, 4}, true, false, 1.f, {3, 4}},
      {{3, 5}, {4, 5}, false, true, 1.f, {3, 4}},
      {{5, 3}, {4, 5}, true, true, 1.f, {3, 4}},
      {{2, 3, 5}, {5, 4}, false, false, 1.f, {2, 3, 4}},         // [B,M,K] x [K,N]
      {{2, 3, 5}, {2, 5, 4}, false, false, 1.f, {2, 3, 4}},      // [B,M,K] x [B,K,N]
      {{3, 5}, {2, 5, 4}, false, false, 1.f, {2, 3, 4}},         // [M,K] x [B,K,N]
      {{2, 1, 3, 5}, {3, 5, 4}, false, false, 1.f, {2, 3, 3, 4}},  // 1 stretches
      {{1, 3, 5}, {4, 5, 2}, false, false, 1.f, {4, 3, 2}},
      {{2, 5, 3}, {2, 4, 5}, true, true, 1.f, {2, 3, 4}},
      {{3, 2, 5, 3}, {1, 5, 4}, true, false, 1.f, {3, 2, 3, 4}},
      {{2, 3, 5}, {5}, false, false, 1.f, {2, 3}},               // matrix x vector
      {{5}, {2, 5, 3}, false, false, 1.f, {2, 3}},               // vector x batch
      {{7}, {7}, false, false, 1.f, {1}},
  };
  uint32_t seed = 1;
  for (const char* op : {"matmul", "matmul_v2"}) {
    for (MatMulCase c : cases) {
      for (float alpha : {1.f, -0.75f}) {
        if (std::string(op) == "matmul_v2" && alpha != 1.f) continue;
        c.alpha = alpha;
        SCOPED_TRACE(StrCat(op, " ", c.x, (c.trans_x ? "^T" : ""), " x ", c.y,
                            (c.trans_y ? "^T" : ""), " alpha ", alpha));
        const std::vector<float> x = RandomVector(DDim(c.x).production(), -1, 1, seed++);
        const std::vector<float> y = RandomVector(DDim(c.y).production(), -1, 1, seed++);
        OpRunner r(op);
        Tensor* out = SetUpMatMul(&r, c, x, y);
        r.Run();
        EXPECT_EQ(out->dims(), DDim(c.out));
        ExpectAllNear(ToVector(*out), Reference(c, x, y), 1e-5f, 1e-5f);
      }
    }
  }
}

TEST(MatMulErrors, InnerDimsMismatch) {
  OpRunner r("matmul_v2");
  SetUpMatMul(&r, Shapes({2, 3}, {4, 2}), std::vector<float>(6), std::vector<float>(8));
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "do not multiply: inner dims 3 and 4");
}

TEST(MatMulErrors, TransposeMakesInnerDimsMismatch) {
  OpRunner r("matmul");
  MatMulCase c = Shapes({2, 3}, {3, 2});
  c.trans_x = true;
  SetUpMatMul(&r, c, std::vector<float>(6), std::vector<float>(6));
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "inner dims 2 and 3");
}

TEST(MatMulErrors, BatchDimsDoNotBroadcast) {
  OpRunner r("matmul_v2");
  SetUpMatMul(&r, Shapes({2, 3, 4}, {3, 4, 5}), std::vector<float>(24),
              std::vector<float>(60));
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "do not broadcast");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
