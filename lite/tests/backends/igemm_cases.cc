// The backends' int8 GEMM (igemm_cases.h) on one forced tile ISA against a naive int64 GEMM
// written here: the sums must be exact, the float epilogue the same formula, the int8
// output a reader's quantization of it, threads the same numbers; QuantizeToInt8 against
// the formula.
#include "lite/tests/backends/igemm_cases.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <random>
#include <thread>
#include <vector>

namespace paddle {
namespace lite {
namespace test {
namespace {

using simd::Int8Epilogue;
using simd::PackedInt8A;

std::vector<int8_t> RandomInt8(size_t n, int lo, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dist(lo, 127);
  std::vector<int8_t> v(n);
  for (auto& x : v) x = static_cast<int8_t>(dist(gen));
  return v;
}

// acc[m][n] = sum_k a[m][k] * b[k][n], in int64 so the reference cannot overflow.
std::vector<int64_t> NaiveGemm(int m, int n, int k, const std::vector<int8_t>& a,
                               const std::vector<int8_t>& b, int ldb) {
  std::vector<int64_t> c(static_cast<size_t>(m) * n, 0);
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      int64_t s = 0;
      for (int p = 0; p < k; ++p) s += int64_t{a[i * k + p]} * b[p * ldb + j];
      c[i * n + j] = s;
    }
  }
  return c;
}

struct Shape {
  int m, n, k;
};

// Around every tile (8 rows; 8, 12, 16 or 32 columns), the quads of K and the column blocks.
const Shape kShapes[] = {{1, 1, 1},     {8, 16, 4},    {7, 17, 5},   {9, 33, 27},  {8, 12, 4},
                         {8, 8, 8},     {5, 13, 7},    {9, 25, 9},   {16, 100, 64}, {33, 31, 144},
                         {24, 1100, 72}, {3, 2050, 9}, {64, 49, 300}, {17, 64, 1000}};

TEST_P(IgemmCases, SumsAreExact) {
  const int nr = GetParam().tile_columns;
  std::vector<Shape> shapes(std::begin(kShapes), std::end(kShapes));
  for (const Shape& edge : {Shape{8, nr - 1, 5}, Shape{8, nr + 1, 8}, Shape{9, 2 * nr + 1, 13}}) {
    shapes.push_back(edge);
  }
  for (const Shape& s : shapes) {
    const int ldb = s.n + 3;
    const auto a = RandomInt8(static_cast<size_t>(s.m) * s.k, -127, 1 + s.m);
    const auto b = RandomInt8(static_cast<size_t>(s.k) * ldb, -128, 2 + s.n);
    const auto expected = NaiveGemm(s.m, s.n, s.k, a, b, ldb);
    const PackedInt8A packed(s.m, s.k, a.data(), s.k);
    std::vector<float> ones(s.m, 1.f);
    Int8Epilogue ep;
    ep.scale = ones.data();
    const int ldc = s.n + 1;
    std::vector<float> c(static_cast<size_t>(s.m) * ldc, -7.f);
    GetParam().run_float(s.n, packed, b.data(), ldb, c.data(), ldc, ep, 1, nullptr);
    for (int i = 0; i < s.m; ++i) {
      for (int j = 0; j < s.n; ++j) {
        // |sums| < 127 * 128 * 1000 < 2^24: exact in float.
        ASSERT_EQ(c[i * ldc + j], static_cast<float>(expected[i * s.n + j]))
            << s.m << "x" << s.n << "x" << s.k << " at " << i << "," << j;
      }
      ASSERT_EQ(c[i * ldc + s.n], -7.f) << "wrote past the row";
    }
  }
}

TEST_P(IgemmCases, FloatEpilogueScalesAddsBiasAndActivates) {
  const Shape s{13, 70, 36};
  const auto a = RandomInt8(s.m * s.k, -127, 5);
  const auto b = RandomInt8(s.k * s.n, -128, 6);
  const auto sums = NaiveGemm(s.m, s.n, s.k, a, b, s.n);
  std::vector<float> scale(s.m), bias(s.m);
  for (int i = 0; i < s.m; ++i) {
    scale[i] = 0.001f * (i + 1) * (i % 3 == 0 ? -1.f : 1.f);  // folded BN can make it negative
    bias[i] = 0.25f * i - 1.f;
  }
  Int8Epilogue ep;
  ep.scale = scale.data();
  ep.bias = bias.data();
  ep.act.kind = ActivationType::kRelu6;
  ep.act.relu6_threshold = 6.f;
  std::vector<float> c(s.m * s.n);
  GetParam().run_float(s.n, PackedInt8A(s.m, s.k, a.data(), s.k), b.data(), s.n, c.data(), s.n,
                       ep, 1, nullptr);
  for (int i = 0; i < s.m; ++i) {
    for (int j = 0; j < s.n; ++j) {
      const float v = static_cast<float>(sums[i * s.n + j]) * scale[i] + bias[i];
      EXPECT_NEAR(c[i * s.n + j], std::min(std::max(v, 0.f), 6.f), 1e-5f) << i << "," << j;
    }
  }
}

// The int8 output is what an int8 reader would quantize the float output into: ties away
// clamped to [-127, 127], or to even clamped to [-128, 127]; NaN the lower bound.
TEST_P(IgemmCases, Int8OutputQuantizesTheFloatOutputAsAReaderWould) {
  const Shape s{10, 40, 20};
  const auto a = RandomInt8(s.m * s.k, -127, 8);
  const auto b = RandomInt8(s.k * s.n, -128, 9);
  const auto sums = NaiveGemm(s.m, s.n, s.k, a, b, s.n);
  // Power-of-two scales: v / out_scale is exact, so the rounding is the only question, and
  // sums * 2^-8 / 4 hits halves often. Row 3's bias is NaN.
  std::vector<float> scale(s.m, 1.f / 256.f), bias(s.m, 0.f);
  bias[3] = NAN;
  for (bool ties_to_even : {false, true}) {
    Int8Epilogue ep;
    ep.scale = scale.data();
    ep.bias = bias.data();
    ep.out_scale = 0.25f;
    ep.ties_to_even = ties_to_even;
    std::vector<int8_t> c(s.m * s.n);
    GetParam().run_int8(s.n, PackedInt8A(s.m, s.k, a.data(), s.k), b.data(), s.n, c.data(),
                        s.n, ep, 1, nullptr);
    const double lo = ties_to_even ? -128 : -127;
    int clamped = 0, halves = 0;
    for (int i = 0; i < s.m * s.n; ++i) {
      const double v = sums[i] / 256.0 / 0.25, down = std::floor(v);
      const double away = v >= 0 ? std::floor(v + 0.5) : -std::floor(-v + 0.5);
      const double even =
          down + (v - down > 0.5 || (v - down == 0.5 && std::fmod(down, 2.0) != 0));
      const double r = ties_to_even ? even : away;
      clamped += r > 127 || r < lo;
      halves += v - down == 0.5;
      const int want = i / s.n == 3 ? static_cast<int>(lo)
                                    : static_cast<int>(std::min(127.0, std::max(lo, r)));
      ASSERT_EQ(c[i], want) << i << " v=" << v << " even=" << ties_to_even;
    }
    EXPECT_GT(clamped, 0);
    EXPECT_GT(halves, 0);
  }
}

TEST_P(IgemmCases, ThreadsSplitColumnsOrRowPanelsAndAgree) {
  const IgemmParallelFor parallel_for = [](int tasks, const std::function<void(int)>& task) {
    std::vector<std::thread> threads;
    for (int t = 0; t < tasks; ++t) threads.emplace_back(task, t);
    for (auto& t : threads) t.join();
  };
  for (const Shape& s : {Shape{40, 500, 50}, Shape{64, 20, 50}}) {  // wide N; narrow N
    const auto a = RandomInt8(s.m * s.k, -127, 11);
    const auto b = RandomInt8(s.k * s.n, -128, 12);
    const auto sums = NaiveGemm(s.m, s.n, s.k, a, b, s.n);
    std::vector<float> ones(s.m, 1.f);
    Int8Epilogue ep;
    ep.scale = ones.data();
    std::vector<float> c(s.m * s.n);
    GetParam().run_float(s.n, PackedInt8A(s.m, s.k, a.data(), s.k), b.data(), s.n, c.data(),
                         s.n, ep, 3, parallel_for);
    for (int i = 0; i < s.m * s.n; ++i) ASSERT_EQ(c[i], static_cast<float>(sums[i])) << i;
  }
}

TEST_P(IgemmCases, WeightsOfMinus128AreTakenAsMinus127) {
  // x86 AVX2's sign trick and ARM's paired 16-bit products need |w| <= 127; symmetric
  // weight quantization never writes -128, and the packing makes sure of it on every path.
  const std::vector<int8_t> a{-128, 1};
  const std::vector<int8_t> b{1, 0};
  float scale = 1.f, c = 0.f;
  Int8Epilogue ep;
  ep.scale = &scale;
  GetParam().run_float(1, PackedInt8A(1, 2, a.data(), 2), b.data(), 1, &c, 1, ep, 1, nullptr);
  EXPECT_EQ(c, -127.f);
}

TEST_P(IgemmCases, MissingScalesAreAClearError) {
  const std::vector<int8_t> a{1};
  float c = 0.f;
  try {
    GetParam().run_float(1, PackedInt8A(1, 1, a.data(), 1), a.data(), 1, &c, 1, Int8Epilogue{},
                         1, nullptr);
    FAIL() << "no error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("scales"), std::string::npos) << e.what();
  }
}

TEST_P(IgemmCases, QuantizeRoundsTiesAsAskedAndClamps) {
  const std::vector<float> x{0.5f, 1.5f, 2.5f, -0.5f, -2.5f, 0.49999997f, 200.f, -200.f, NAN};
  const std::vector<int> away{1, 2, 3, -1, -3, 0, 127, -127, -127};
  const std::vector<int> even{0, 2, 2, 0, -2, 0, 127, -128, -128};
  for (bool ties_to_even : {false, true}) {
    std::vector<int8_t> q(x.size());
    GetParam().quantize(x.data(), x.size(), 1.f, ties_to_even, q.data());
    for (size_t i = 0; i < x.size(); ++i) {
      EXPECT_EQ(q[i], (ties_to_even ? even : away)[i]) << x[i] << " even=" << ties_to_even;
    }
  }
}

TEST_P(IgemmCases, QuantizeOfEveryLengthMatchesTheFormula) {
  std::mt19937 gen(3);
  std::uniform_real_distribution<float> dist(-3.f, 3.f);
  for (int n = 1; n <= 40; ++n) {
    std::vector<float> x(n);
    for (auto& v : x) v = dist(gen);
    std::vector<int8_t> q(n + 1, 99);
    GetParam().quantize(x.data(), n, 50.f, false, q.data());
    for (int i = 0; i < n; ++i) {
      const float v = x[i] * 50.f;
      EXPECT_EQ(q[i], static_cast<int8_t>(std::max(-127.f, std::min(127.f, std::round(v)))));
    }
    EXPECT_EQ(q[n], 99) << "wrote past n = " << n;
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
