// lite/utils/int8_weights.h: rows of int8 levels times a factor are found (bit-exact, or
// within the snap tolerance after a batch norm factor rounded them), rebuilt bit for bit,
// and float weights that are no such products are refused.
#include "lite/utils/int8_weights.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace paddle {
namespace lite {
namespace {

constexpr int kRows = 4, kCols = 72;  // 288 elements, above kMinInt8RowsElements

// Levels in [-127, 127] with +-127 in each row (abs-max quantization puts it there) and
// some zeros.
std::vector<int8_t> HandLevels() {
  std::vector<int8_t> q(kRows * kCols);
  for (int r = 0; r < kRows; ++r) {
    for (int c = 0; c < kCols; ++c) {
      q[r * kCols + c] = static_cast<int8_t>((c * 37 + r * 11) % 255 - 127);
    }
    q[r * kCols + r] = r % 2 ? -127 : 127;
    q[r * kCols + kCols - 1] = 0;
  }
  return q;
}

const std::vector<float> kSteps = {0.013f, 2.5e-4f, 0.7f, 1.f / 127};

bool SameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }

TEST(Int8Weights, ExactProductsEncodeAndRebuildBitForBit) {
  const auto q = HandLevels();
  std::vector<float> w(q.size());
  for (int r = 0; r < kRows; ++r) {
    for (int c = 0; c < kCols; ++c) w[r * kCols + c] = q[r * kCols + c] * kSteps[r];
  }
  Int8Rows e;
  ASSERT_TRUE(EncodeInt8Rows(w.data(), kRows, kCols, 0.f, &e));
  std::vector<float> back(w.size());
  DecodeInt8Rows(e.levels.data(), e.scales.data(), kRows, kCols, back.data());
  for (size_t i = 0; i < w.size(); ++i) ASSERT_TRUE(SameBits(back[i], w[i])) << i;
  EXPECT_EQ(e.levels, q);
}

TEST(Int8Weights, BatchNormScaledProductsSnapWithinTheTolerance) {
  // fl(fl(q * step) * factor), as weight_quantize_fold_pass then conv_bn_fuse_pass compute.
  const auto q = HandLevels();
  const std::vector<float> factors = {1.37f, -0.61f, 3.1e-3f, 0.999f};
  std::vector<float> w(q.size());
  for (int r = 0; r < kRows; ++r) {
    for (int c = 0; c < kCols; ++c) {
      const float folded = q[r * kCols + c] * kSteps[r];
      w[r * kCols + c] = folded * factors[r];
    }
  }
  Int8Rows e;
  EXPECT_FALSE(EncodeInt8Rows(w.data(), kRows, kCols, 0.f, &e));
  ASSERT_TRUE(EncodeInt8Rows(w.data(), kRows, kCols, kInt8SnapTolerance, &e));
  std::vector<float> snapped(w.size());
  DecodeInt8Rows(e.levels.data(), e.scales.data(), kRows, kCols, snapped.data());
  for (size_t i = 0; i < w.size(); ++i) {
    const int r = static_cast<int>(i) / kCols;
    const double exact = static_cast<double>(q[i]) * kSteps[r] * factors[r];
    ASSERT_LE(std::fabs(snapped[i] - exact), 8 * 1.2e-7 * std::fabs(exact)) << i;
    ASSERT_EQ(std::abs(e.levels[i]), std::abs(q[i])) << i;  // the sign follows the factor
  }
  // The snapped weights are exact products: a .nb stores them in int8 without loss.
  Int8Rows again;
  EXPECT_TRUE(EncodeInt8Rows(snapped.data(), kRows, kCols, 0.f, &again));
}

TEST(Int8Weights, FloatWeightsAreNoProducts) {
  std::mt19937 rng(7);
  std::normal_distribution<float> normal(0.f, 0.1f);
  std::vector<float> w(kRows * kCols);
  for (float& v : w) v = normal(rng);
  Int8Rows e;
  EXPECT_FALSE(EncodeInt8Rows(w.data(), kRows, kCols, kInt8SnapTolerance, &e));
}

TEST(Int8Weights, SmallNonFiniteAndZeroRows) {
  Int8Rows e;
  std::vector<float> small(16, 0.5f);
  EXPECT_FALSE(EncodeInt8Rows(small.data(), 4, 4, 0.f, &e));  // below the minimum size
  std::vector<float> w(kRows * kCols, 0.f);
  ASSERT_TRUE(EncodeInt8Rows(w.data(), kRows, kCols, 0.f, &e));  // all-zero rows
  EXPECT_EQ(e.scales, std::vector<float>(kRows, 0.f));
  w[5] = std::numeric_limits<float>::quiet_NaN();
  EXPECT_FALSE(EncodeInt8Rows(w.data(), kRows, kCols, kInt8SnapTolerance, &e));
  w[5] = std::numeric_limits<float>::infinity();
  EXPECT_FALSE(EncodeInt8Rows(w.data(), kRows, kCols, kInt8SnapTolerance, &e));
  // A nonzero weight far below its row's step is no level 0.
  w[5] = 127.f;
  w[6] = 1e-3f;
  EXPECT_FALSE(EncodeInt8Rows(w.data(), kRows, kCols, kInt8SnapTolerance, &e));
}

}  // namespace
}  // namespace lite
}  // namespace paddle
