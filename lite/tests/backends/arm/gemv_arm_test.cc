// ARM Gemv (few-row X * W + per-column bias, fused activation) against a plain double loop
// written here: row counts 1..9 (groups of 4 and their remainders), widths around every
// vector block (4 lanes, 16-column blocks), padded leading dimensions, each activation, and
// 2-3 threads.
#include "lite/backends/arm/math/gemm/gemv.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/backends/arm/gemm_test_util.h"
#include "lite/tests/kernels/activation_reference.h"
#include "lite/utils/exception.h"

namespace paddle {
namespace lite {
namespace arm {
namespace math {
namespace {

constexpr float kSentinel = -777.f;

struct GemvCase {
  GemvCase(int rows, int cols, int depth) : m(rows), n(cols), k(depth) {}
  int m, n, k;
  int pad = 0;
  bool bias = true;
  GemmEpilogue epilogue;
  SgemmOptions options;
};

std::string Label(int m, int n, int k) {
  return std::to_string(m) + "x" + std::to_string(n) + "x" + std::to_string(k);
}

void RunGemv(const GemvCase& cs, unsigned seed = 1) {
  const int m = cs.m, n = cs.n, k = cs.k;
  const int ldx = std::max(k, 1) + cs.pad, ldw = std::max(n, 1) + cs.pad,
            ldy = std::max(n, 1) + cs.pad;
  const auto x = test::RandomFloats(static_cast<size_t>(m) * ldx, -1.f, 1.f, seed);
  const auto w = test::RandomFloats(static_cast<size_t>(k) * ldw, -1.f, 1.f, seed + 1);
  const auto bias = test::RandomFloats(static_cast<size_t>(n), -4.f, 4.f, seed + 2);
  std::vector<float> y(static_cast<size_t>(m) * ldy, std::numeric_limits<float>::quiet_NaN());
  for (int i = 0; i < m; ++i)
    for (int j = n; j < ldy; ++j) y[static_cast<size_t>(i) * ldy + j] = kSentinel;
  GemmEpilogue ep = cs.epilogue;
  ep.bias = cs.bias ? bias.data() : nullptr;
  Gemv(m, n, k, x.data(), ldx, w.data(), ldw, y.data(), ldy, ep, cs.options);

  const double eps = std::numeric_limits<float>::epsilon();
  int failures = 0;
  for (int i = 0; i < m && failures < 5; ++i) {
    for (int j = 0; j < ldy && failures < 5; ++j) {
      const float got = y[static_cast<size_t>(i) * ldy + j];
      if (j >= n) {
        EXPECT_EQ(got, kSentinel) << "padding of Y written at " << i << "," << j;
        failures += got != kSentinel;
        continue;
      }
      double sum = cs.bias ? bias[j] : 0.0, mag = std::fabs(sum);
      for (int p = 0; p < k; ++p) {
        const double t = static_cast<double>(x[static_cast<size_t>(i) * ldx + p]) *
                         w[static_cast<size_t>(p) * ldw + j];
        sum += t;
        mag += std::fabs(t);
      }
      const double want = test::ActivateReference(sum, ep.act);
      // Sum rounding, grown by at most max(|v| + 7, the activation's slope) through the
      // activation, plus the activation's own rounding.
      const double gain = std::max(std::fabs(sum) + 7, test::ActivationGain(sum, ep.act));
      const double tol = 2.0 * (k + 3) * eps * mag * gain + 4 * eps * (std::fabs(want) + 1);
      if (!(std::fabs(got - want) <= tol)) {
        ADD_FAILURE() << "m=" << m << " n=" << n << " k=" << k << " Y[" << i << "][" << j
                      << "] = " << got << ", want " << want << " (tol " << tol << ")";
        ++failures;
      }
    }
  }
}

TEST(GemvArm, RowsAndWidthsAroundEveryBlock) {
  for (int m : {1, 2, 3, 4, 5, 9}) {
    for (int n : {1, 3, 4, 5, 15, 16, 17, 31, 33, 100}) {
      for (int k : {1, 3, 8, 70}) {
        SCOPED_TRACE(Label(m, n, k));
        GemvCase cs(m, n, k);
        cs.pad = (m + n + k) % 5;
        cs.bias = (n % 2) == 0;
        RunGemv(cs, static_cast<unsigned>(m * 131 + n * 7 + k));
      }
    }
  }
  SCOPED_TRACE(Label(1, 1000, 1280));
  RunGemv(GemvCase(1, 1000, 1280));
}

TEST(GemvArm, EveryActivation) {
  for (const Activation& act : test::EveryActivation()) {
    for (int m : {1, 3, 4}) {
      SCOPED_TRACE(Label(m, 77, 40) + " act " + test::ActivationName(act));
      GemvCase cs(m, 77, 40);
      cs.epilogue.act = act;
      cs.pad = 3;
      RunGemv(cs, 5 + m);
    }
  }
}

TEST(GemvArm, ThreadsSplitColumns) {
  for (int threads : {2, 3}) {
    for (int n : {5, 33, 1000}) {
      SCOPED_TRACE(Label(2, n, 50) + " threads " + std::to_string(threads));
      GemvCase cs(2, n, 50);
      cs.options = test::ThreadedOptions(threads);
      cs.epilogue.act.kind = ActivationType::kRelu;
      RunGemv(cs);
    }
  }
}

TEST(GemvArm, ZeroKGivesActivatedBias) {
  for (int m : {1, 2}) {
    GemvCase cs(m, 19, 0);
    cs.epilogue.act.kind = ActivationType::kRelu6;
    RunGemv(cs);
  }
}

TEST(GemvArm, BadArgumentsThrow) {
  std::vector<float> x(64, 1.f), w(64, 1.f), y(64, 0.f);
  using lite_api::PaddleLiteException;
  EXPECT_THROW(Gemv(-1, 4, 4, x.data(), 4, w.data(), 4, y.data(), 4), PaddleLiteException);
  EXPECT_THROW(Gemv(1, 4, 4, x.data(), 3, w.data(), 4, y.data(), 4), PaddleLiteException);
  EXPECT_THROW(Gemv(1, 4, 4, x.data(), 4, w.data(), 4, y.data(), 3), PaddleLiteException);
  EXPECT_THROW(Gemv(1, 4, 4, nullptr, 4, w.data(), 4, y.data(), 4), PaddleLiteException);
  EXPECT_THROW(Gemv(1, 4, 4, x.data(), 4, w.data(), 4, nullptr, 4), PaddleLiteException);
  SgemmOptions zero;
  zero.threads = 0;
  EXPECT_THROW(Gemv(1, 4, 4, x.data(), 4, w.data(), 4, y.data(), 4, {}, zero),
               PaddleLiteException);
  try {
    Gemv(1, 4, 4, x.data(), 4, w.data(), 2, y.data(), 4);
    ADD_FAILURE() << "ldw < n accepted";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("ldw=2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
