#include "lite/tests/backends/fake_quantize_cases.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "lite/backends/host/math/fake_quantize.h"

namespace paddle {
namespace lite {
namespace test {

namespace {
namespace host = lite::host::math;
bool SameBits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }
}  // namespace

void ExpectFakeQuantizeGivesTheHostBits(const FakeQuantizeRoutine& routine) {
  std::mt19937 gen(3);
  std::uniform_real_distribution<float> value(-4.f, 4.f);
  for (int n : {1, 3, 4, 5, 7, 8, 9, 31, 1000}) {
    std::vector<float> x(n);
    for (float& v : x) v = value(gen);
    // With s = 1.27 and 127 bins, c = 100 (up to rounding): k / 200 lands near ties.
    for (int i = 0; i < n; i += 3) x[i] = static_cast<float>(i - n / 2) / 200.f;
    if (n > 4) {
      x[1] = NAN;
      x[2] = 9.f;   // clamped high
      x[3] = -9.f;  // clamped low
      x[4] = -0.f;
    }
    for (float s : {1.27f, 0.01f, 0.f}) {
      for (int round : {0, 1}) {
        for (bool dequantize : {false, true}) {
          std::vector<float> want(n), got(n);
          host::QuantShape shape;
          shape.inner = n;
          host::FakeQuantize(x.data(), shape, &s, 127, static_cast<host::QuantRound>(round),
                             dequantize, want.data());
          routine(x.data(), n, s, 127, round == 0, dequantize, got.data());
          for (int i = 0; i < n; ++i) {
            ASSERT_TRUE(SameBits(got[i], want[i]) || (std::isnan(got[i]) && std::isnan(want[i])))
                << "n=" << n << " s=" << s << " round=" << round << " dq=" << dequantize
                << " x=" << x[i] << ": " << got[i] << " vs " << want[i];
          }
        }
      }
    }
  }
}

void ExpectFakeQuantizeTiesRoundAsAsked(const FakeQuantizeRoutine& routine) {
  // s = bin_cnt: c = 1, so x itself is rounded; 8 values fill an AVX2 vector, two NEON ones.
  const std::vector<float> x{0.5f, 1.5f, 2.5f, -0.5f, -2.5f, 0.49999997f, 200.f, -200.f};
  const std::vector<float> away{1, 2, 3, -1, -3, 0, 127, -127};
  const std::vector<float> even{0, 2, 2, -0.f, -2, 0, 127, -128};
  std::vector<float> got(8);
  routine(x.data(), 8, 127.f, 127, false, false, got.data());
  EXPECT_EQ(got, away);
  routine(x.data(), 8, 127.f, 127, true, false, got.data());
  EXPECT_EQ(got, even);
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
