// matmul / matmul_v2 backend kernels against the host kernels (the reference): each
// transpose combination, alpha, odd sizes around the SGEMM tiles, few rows (every vector
// tail of the backend's few-row path, ExpectFewRowMatMulsMatchHost), 1-D operands, batches
// with broadcasting (size-1 and missing batch dims on either side), threads (batch-parallel
// and GEMM-parallel), new input shapes on a reused kernel; and the shape errors.
//
// Tolerance: both sum K products of |x|, |y| <= 1 in a different order, times alpha:
// |kernel - host| <= 4e-6 * K * |alpha| + 1e-5 * |host|. An indexing bug is off by O(0.1).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct MatMulCase {
  std::string op{"matmul"};
  std::vector<int64_t> x, y;
  bool tx{false}, ty{false};
  float alpha{1.f};
};

OpCase MakeMatMul(const MatMulCase& p, uint32_t seed) {
  const DDim xd(p.x), yd(p.y);
  OpCase c(p.op);
  c.Input("X", "x", xd, RandomVector(xd.production(), -1.f, 1.f, seed));
  c.Input("Y", "y", yd, RandomVector(yd.production(), -1.f, 1.f, seed + 1));
  c.Output("Out", "out");
  if (p.op == "matmul") {
    c.Attr<bool>("transpose_X", p.tx);
    c.Attr<bool>("transpose_Y", p.ty);
    c.Attr<float>("alpha", p.alpha);
  } else {
    c.Attr<bool>("trans_x", p.tx);
    c.Attr<bool>("trans_y", p.ty);
  }
  return c;
}

void CompareWithHost(const Place& place, const MatMulCase& p, uint32_t seed, int threads = 1) {
  SCOPED_TRACE(StrCat(p.op, " x", p.x, " y", p.y, " tx=", p.tx, " ty=", p.ty,
                      " alpha=", p.alpha, " threads=", threads));
  // K: the contracted dim of X (its last, or second to last when transposed; 1-D: its size).
  const int64_t k = p.x.size() == 1 ? p.x[0] : p.x[p.x.size() - (p.tx ? 2 : 1)];
  const float atol = 4e-6f * static_cast<float>(k) * std::fabs(p.alpha) + 1e-7f;
  ExpectKernelMatchesHost(MakeMatMul(p, seed), place, {atol, 1e-5f}, threads);
}

}  // namespace

void ExpectFewRowMatMulsMatchHost(const Place& place, const std::vector<int64_t>& widths,
                                  const std::vector<int64_t>& depths) {
  uint32_t seed = 100;
  for (int64_t m : {1, 2, 3, 4}) {
    for (int64_t n : widths) {
      for (int64_t k : depths) {
        for (bool ty : {false, true}) {
          MatMulCase p;
          p.x = {m, k};
          p.y = ty ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n};
          p.ty = ty;
          p.tx = (seed % 5) == 0;
          if (p.tx) p.x = {k, m};
          p.alpha = (n + k) % 2 == 0 ? 1.f : -0.75f;  // both on each path
          CompareWithHost(place, p, seed++);
        }
      }
    }
  }
}

namespace {

TEST_P(MatMulVsHost, IsRegisteredWithTheCpuRequirement) {
  ExpectRegistered("matmul");
  ExpectRegistered("matmul_v2");
}

TEST_P(MatMulVsHost, TransposesAlphaAndOddSizes) {
  uint32_t seed = 1;
  const std::vector<std::vector<int64_t>> mkn = {{1, 1, 1},  {1, 7, 5},   {5, 1, 3},
                                                 {3, 9, 17}, {17, 33, 9}, {64, 70, 31},
                                                 {6, 16, 24}};
  for (const std::string op : {"matmul", "matmul_v2"}) {
    for (const auto& s : mkn) {
      for (int t = 0; t < 4; ++t) {
        MatMulCase p;
        p.op = op;
        p.tx = (t & 1) != 0;
        p.ty = (t & 2) != 0;
        const int64_t m = s[0], k = s[1], n = s[2];
        p.x = p.tx ? std::vector<int64_t>{k, m} : std::vector<int64_t>{m, k};
        p.y = p.ty ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n};
        if (op == "matmul") p.alpha = (seed % 3 == 0) ? 1.f : (seed % 3 == 1 ? 0.5f : -2.f);
        CompareWithHost(place(), p, seed++);
      }
    }
  }
}

TEST_P(MatMulVsHost, FewRowsLargeProductsOverThreads) {
  CompareWithHost(place(), {"matmul", {1, 1280}, {1280, 1000}}, 190, 2);  // a classifier's
  CompareWithHost(place(), {"matmul", {3, 1280}, {1000, 1280}, false, true}, 191, 2);
  CompareWithHost(place(), {"matmul_v2", {4, 2, 500}, {4, 500, 300}}, 192, 2);
}

TEST_P(MatMulVsHost, OneDimensionalOperands) {
  uint32_t seed = 200;
  for (const std::string op : {"matmul", "matmul_v2"}) {
    CompareWithHost(place(), {op, {7}, {7, 5}}, seed++);        // vector x matrix
    CompareWithHost(place(), {op, {4, 7}, {7}}, seed++);        // matrix x vector
    CompareWithHost(place(), {op, {9}, {9}}, seed++);           // dot product
    CompareWithHost(place(), {op, {3, 2, 7}, {7}}, seed++);     // batched matrix x vector
    CompareWithHost(place(), {op, {7}, {2, 7, 4}}, seed++);     // vector x batched matrices
    CompareWithHost(place(), {op, {7, 5}, {7}, true}, seed++);  // transposed X with a 1-D Y
  }
  // Transposed 1-D operands: matmul_v2 ignores the flag, matmul makes a column / row of them.
  CompareWithHost(place(), {"matmul_v2", {7}, {7, 5}, true}, seed++);
  CompareWithHost(place(), {"matmul_v2", {4, 7}, {7}, false, true}, seed++);
  CompareWithHost(place(), {"matmul_v2", {2, 7, 3}, {7}, true, true}, seed++);
  CompareWithHost(place(), {"matmul", {6}, {1, 5}, true}, seed++);
  CompareWithHost(place(), {"matmul", {5, 1}, {6}, false, true}, seed++);
}

TEST_P(MatMulVsHost, BatchesWithBroadcasting) {
  uint32_t seed = 300;
  struct Shapes {
    std::vector<int64_t> x, y;
  };
  const std::vector<Shapes> shapes = {
      {{3, 4, 5}, {3, 5, 6}},        // same batch
      {{3, 4, 5}, {5, 6}},           // Y shared by every batch
      {{4, 5}, {3, 5, 6}},           // X shared
      {{2, 1, 4, 5}, {1, 3, 5, 6}},  // both broadcast
      {{2, 3, 4, 5}, {3, 5, 6}},     // missing leading dim
      {{1, 4, 5}, {7, 5, 6}},
      {{2, 12, 9, 16}, {2, 12, 16, 9}},  // attention-like: many small products
  };
  for (const std::string op : {"matmul", "matmul_v2"}) {
    for (const Shapes& s : shapes) {
      for (int t = 0; t < 4; ++t) {
        MatMulCase p;
        p.op = op;
        p.x = s.x;
        p.y = s.y;
        p.tx = (t & 1) != 0;
        p.ty = (t & 2) != 0;
        if (p.tx) std::swap(p.x[p.x.size() - 1], p.x[p.x.size() - 2]);
        if (p.ty) std::swap(p.y[p.y.size() - 1], p.y[p.y.size() - 2]);
        if (op == "matmul") p.alpha = 0.25f;
        CompareWithHost(place(), p, seed++);
        CompareWithHost(place(), p, seed++, 2);
      }
    }
  }
}

TEST_P(MatMulVsHost, LargeProductsOverThreads) {
  CompareWithHost(place(), {"matmul", {200, 300}, {300, 150}}, 400, 2);
  CompareWithHost(place(), {"matmul", {300, 200}, {150, 300}, true, true, 1.5f}, 401, 2);
  CompareWithHost(place(), {"matmul_v2", {1, 2, 128, 96}, {1, 1, 96, 80}}, 402, 2);
}

TEST_P(MatMulVsHost, InputShapeChangesBetweenRuns) {
  // One kernel, new X shapes: the batch count, the few-row path and the transposed
  // scratch all follow.
  const MatMulCase p{"matmul", {2, 5, 7}, {2, 6, 7}, false, true, 0.5f};
  ExpectKernelFollowsInputShapes(
      MakeMatMul(p, 500), place(), "x",
      {DDim({2, 5, 7}), DDim({2, 1, 7}), DDim({2, 30, 7}), DDim({1, 3, 7})}, -1.f, 1.f, 501,
      {4e-6f * 7, 1e-5f}, 2);
}

TEST_P(MatMulVsHost, MismatchedShapesAreErrors) {
  KernelRun inner(MakeMatMul({"matmul", {3, 4}, {5, 6}}, 1), place());
  ExpectErrorContaining([&] { inner.Run(); }, "matmul");
  KernelRun batch(MakeMatMul({"matmul_v2", {2, 3, 4}, {3, 4, 5}}, 1), place());
  ExpectErrorContaining([&] { batch.Run(); }, "matmul_v2");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
