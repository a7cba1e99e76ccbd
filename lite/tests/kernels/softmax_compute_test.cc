// softmax against a double-precision reference written from the definition
// exp(x_i) / sum_j exp(x_j) (shifted by the row maximum only to stay finite in double).
#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// Reference over explicit coordinates: for every position, the "row" is all elements
// that differ from it only along `axis`.
std::vector<float> Reference(const std::vector<float>& x, const std::vector<int64_t>& dims,
                             int axis) {
  const int rank = static_cast<int>(dims.size());
  if (axis < 0) axis += rank;
  std::vector<int64_t> strides(rank, 1);
  for (int d = rank - 2; d >= 0; --d) strides[d] = strides[d + 1] * dims[d + 1];
  std::vector<float> out(x.size());
  for (size_t i = 0; i < x.size(); ++i) {
    const int64_t pos = (static_cast<int64_t>(i) / strides[axis]) % dims[axis];
    const int64_t row_start = static_cast<int64_t>(i) - pos * strides[axis];
    double row_max = -INFINITY;
    for (int64_t k = 0; k < dims[axis]; ++k) {
      row_max = std::max(row_max, double{x[row_start + k * strides[axis]]});
    }
    double denom = 0;
    for (int64_t k = 0; k < dims[axis]; ++k) {
      denom += std::exp(double{x[row_start + k * strides[axis]]} - row_max);
    }
    out[i] = static_cast<float>(std::exp(double{x[i]} - row_max) / denom);
  }
  return out;
}

std::vector<float> RunSoftmax(const std::vector<int64_t>& dims, int axis,
                              const std::vector<float>& x) {
  OpRunner runner("softmax");
  runner.SetInput("X", "x", DDim(dims), x);
  Tensor* out = runner.SetOutput("Out", "out");
  runner.desc().SetAttr<int32_t>("axis", axis);
  runner.Run();
  EXPECT_EQ(out->dims(), DDim(dims));
  return ToVector(*out);
}

TEST(Softmax, HandComputed) {
  // softmax([0, ln 2, ln 5]) = [1, 2, 5] / 8
  const auto out = RunSoftmax({1, 3}, -1, {0.f, std::log(2.f), std::log(5.f)});
  ExpectAllNear(out, {0.125f, 0.25f, 0.625f}, 1e-6f);
}

TEST(Softmax, Axis1And4DNegativeAxes) {
  const std::vector<int64_t> dims = {2, 3, 4, 5};
  const auto x = RandomVector(2 * 3 * 4 * 5, -5.f, 5.f, 17);
  for (int axis : {1, -1, 0, 2, 3, -3, -4}) {
    SCOPED_TRACE("axis " + std::to_string(axis));
    ExpectAllNear(RunSoftmax(dims, axis, x), Reference(x, dims, axis), 1e-6f, 1e-5f);
  }
}

TEST(Softmax, RowsSumToOne) {
  const std::vector<int64_t> dims = {3, 7, 2, 5};
  const auto x = RandomVector(3 * 7 * 2 * 5, -20.f, 20.f, 5);
  const auto out = RunSoftmax(dims, 1, x);
  for (int64_t n = 0; n < 3; ++n) {
    for (int64_t r = 0; r < 2 * 5; ++r) {
      double sum = 0;
      for (int64_t c = 0; c < 7; ++c) sum += out[(n * 7 + c) * 10 + r];
      EXPECT_NEAR(sum, 1.0, 1e-5) << "n " << n << " r " << r;
    }
  }
}

TEST(Softmax, LargeValuesStayFinite) {
  // exp(1000) overflows float; the max-shifted form gives the exact answer.
  const auto out = RunSoftmax({2, 3}, -1, {1000.f, 1000.f, 1000.f, 1000.f, 999.f, -1000.f});
  const double e = std::exp(-1.0);
  ExpectAllNear(out,
                {1.f / 3, 1.f / 3, 1.f / 3, static_cast<float>(1 / (1 + e)),
                 static_cast<float>(e / (1 + e)), 0.f},
                1e-6f);
}

TEST(Softmax, SingleElementAxisGivesOne) {
  ExpectAllNear(RunSoftmax({2, 1, 3}, 1, {-4, 0, 9, 1e30f, -1e30f, 5}), std::vector<float>(6, 1.f),
                0.f);
}

TEST(Softmax, EmptyAxisGivesAnEmptyOutput) {
  // [2, 0, 3] over axis 1: nothing to normalize, and X has no buffer to read.
  EXPECT_TRUE(RunSoftmax({2, 0, 3}, 1, {}).empty());
  EXPECT_TRUE(RunSoftmax({2, 3, 0}, 1, {}).empty());
}

TEST(Softmax, AxisOutOfRangeIsRejected) {
  for (int axis : {4, -5}) {
    OpRunner runner("softmax");
    runner.SetInput("X", "x", DDim({1, 2, 1, 1}), {1, 2});
    runner.SetOutput("Out", "out");
    runner.desc().SetAttr<int32_t>("axis", axis);
    try {
      runner.InferShapeOnly();
      FAIL() << "expected an error for axis " << axis;
    } catch (const PaddleLiteException& e) {
      EXPECT_NE(std::string(e.what()).find("softmax: axis " + std::to_string(axis)),
                std::string::npos)
          << e.what();
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
