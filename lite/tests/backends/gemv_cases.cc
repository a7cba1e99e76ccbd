// A backend's Gemv (few-row X * W + per-column bias, fused activation; gemm_cases.h) against
// a plain double loop written here: row counts 1..9 (groups of 4 and their remainders),
// widths around every vector block of the backend, padded leading dimensions, each
// activation, 2-3 threads, K = 0 and bad arguments. Y starts as NaN (it must not be read)
// and its padding holds a sentinel that must stay.
//
// Tolerance per element: 2 (K + 3) eps * sum |terms| (the float rounding bound of the sum),
// grown by at most max(|v| + 7, the activation's slope) through the activation, plus a few
// ulps for the activation itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/backends/gemm_cases.h"
#include "lite/utils/exception.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr float kSentinel = -777.f;

struct GemvCase {
  GemvCase(int rows, int cols, int depth) : m(rows), n(cols), k(depth) {}
  int m, n, k;
  int pad = 0;
  bool bias = true;
  GemmCall call;  // its bias is filled in by RunGemv when bias
};

void RunGemv(const GemmBackend& backend, const GemvCase& cs, unsigned seed = 1) {
  const int m = cs.m, n = cs.n, k = cs.k;
  GemmOperands ops(m, n, k, cs.pad, n, 4.f, kSentinel, seed);  // X = A, W = B, Y = C
  GemmCall call = cs.call;
  call.bias = cs.bias ? ops.bias.data() : nullptr;
  backend.gemv(m, n, k, ops.a.data(), ops.lda, ops.b.data(), ops.ldb, ops.c.data(), ops.ldc, call);

  const double eps = std::numeric_limits<float>::epsilon();
  SCOPED_TRACE(Label({m, n, k}));
  ExpectResultNear("Y", ops.c, m, n, ops.ldc, kSentinel, [&](int i, int j) {
    double sum = cs.bias ? ops.bias[j] : 0.0, mag = std::fabs(sum);
    for (int p = 0; p < k; ++p) {
      const double t = static_cast<double>(ops.a[static_cast<size_t>(i) * ops.lda + p]) *
                       ops.b[static_cast<size_t>(p) * ops.ldb + j];
      sum += t;
      mag += std::fabs(t);
    }
    const double want = ActivateReference(sum, call.act);
    const double gain = std::max(std::fabs(sum) + 7, ActivationGain(sum, call.act));
    return Expected{want, 2.0 * (k + 3) * eps * mag * gain + 4 * eps * (std::fabs(want) + 1)};
  });
}

TEST_P(GemvCases, RowsAndWidthsAroundEveryBlock) {
  for (int m : {1, 2, 3, 4, 5, 9}) {
    for (int n : backend().gemv_widths) {
      for (int k : {1, 3, 8, 70}) {
        SCOPED_TRACE(Label({m, n, k}));
        GemvCase cs(m, n, k);
        cs.pad = (m + n + k) % 5;
        cs.bias = (n % 2) == 0;
        RunGemv(backend(), cs, static_cast<unsigned>(m * 131 + n * 7 + k));
      }
    }
  }
  SCOPED_TRACE(Label({1, 1000, 1280}));  // a classifier
  RunGemv(backend(), GemvCase(1, 1000, 1280));
}

TEST_P(GemvCases, EveryActivation) {
  for (const Activation& act : EveryActivation()) {
    for (int m : {1, 3, 4}) {
      SCOPED_TRACE(Label({m, 77, 40}) + " act " + ActivationName(act));
      GemvCase cs(m, 77, 40);
      cs.call.act = act;
      cs.pad = 3;
      RunGemv(backend(), cs, 5 + m);
    }
  }
}

TEST_P(GemvCases, ThreadsSplitColumns) {
  for (int threads : {2, 3}) {
    for (int n : {5, 33, 1000}) {
      SCOPED_TRACE(Label({2, n, 50}) + " threads " + std::to_string(threads));
      GemvCase cs(2, n, 50);
      cs.call.threads = threads;
      cs.call.parallel_for = ThreadPerTask();
      cs.call.act.kind = ActivationType::kRelu;
      RunGemv(backend(), cs);
    }
  }
}

TEST_P(GemvCases, ZeroKGivesActivatedBias) {
  for (int m : {1, 2}) {
    GemvCase cs(m, 19, 0);
    cs.call.act.kind = ActivationType::kRelu6;
    RunGemv(backend(), cs);
  }
}

TEST_P(GemvCases, BadArgumentsThrow) {
  std::vector<float> xv(64, 1.f), wv(64, 1.f), yv(64, 0.f);
  float *x = xv.data(), *w = wv.data(), *y = yv.data();
  const auto& gemv = backend().gemv;
  using lite_api::PaddleLiteException;
  EXPECT_THROW(gemv(-1, 4, 4, x, 4, w, 4, y, 4, {}), PaddleLiteException);
  EXPECT_THROW(gemv(1, 4, 4, x, 3, w, 4, y, 4, {}), PaddleLiteException);  // ldx < k
  EXPECT_THROW(gemv(1, 4, 4, x, 4, w, 3, y, 4, {}), PaddleLiteException);  // ldw < n
  EXPECT_THROW(gemv(1, 4, 4, x, 4, w, 4, y, 3, {}), PaddleLiteException);  // ldy < n
  EXPECT_THROW(gemv(1, 4, 4, nullptr, 4, w, 4, y, 4, {}), PaddleLiteException);
  EXPECT_THROW(gemv(1, 4, 4, x, 4, w, 4, nullptr, 4, {}), PaddleLiteException);
  GemmCall zero;
  zero.threads = 0;
  EXPECT_THROW(gemv(1, 4, 4, x, 4, w, 4, y, 4, zero), PaddleLiteException);
  ExpectThrowContaining([&] { gemv(1, 4, 4, x, 4, w, 2, y, 4, {}); }, "ldw=2");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
