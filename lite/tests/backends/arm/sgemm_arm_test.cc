// ARM SGEMM against a naive triple loop written here (double accumulation), on shapes that
// hit every edge of the blocking (MR=8, NR=12, KC=256, MC=128, NC=1536), with padded
// leading dimensions, accumulation (beta), alpha, bias, every fused activation, and 1-3
// threads. beta == 0 runs on a C full of NaN (it must not be read), and the padding of C
// holds a sentinel that must stay.
#include "lite/backends/arm/math/gemm/sgemm.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
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

struct Shape {
  int m, n, k;
};

std::string Label(const Shape& s) {
  return std::to_string(s.m) + "x" + std::to_string(s.n) + "x" + std::to_string(s.k);
}

struct Case {
  explicit Case(Shape shape) : s(shape) {}
  Shape s;
  float alpha = 1.f;
  float beta = 0.f;
  GemmEpilogue epilogue;  // bias filled in by RunCase when use_bias
  bool use_bias = false;
  int pad = 0;  // extra columns in lda/ldb/ldc
  bool packed = false;
  SgemmOptions options;
};

constexpr float kSentinel = -12345.f;  // fills the ldc padding, which must stay untouched

// Runs one case and checks every element of C (and that C's padding is untouched).
// Tolerance: a float sum of K products errs by at most ~K * eps * sum|terms|, so each
// element is allowed 2 * (K + 3) * eps * (sum_p |alpha a b| + |beta c| + |bias|), grown by
// the activation's slope, plus the activation's own rounding.
test::Outcome RunCase(const Case& cs, unsigned seed = 1) {
  const int m = cs.s.m, n = cs.s.n, k = cs.s.k;
  const int lda = std::max(k, 1) + cs.pad, ldb = std::max(n, 1) + cs.pad,
            ldc = std::max(n, 1) + cs.pad;
  const auto a = test::RandomFloats(static_cast<size_t>(m) * lda, -1.f, 1.f, seed);
  const auto b = test::RandomFloats(static_cast<size_t>(k) * ldb, -1.f, 1.f, seed + 1);
  const auto bias = test::RandomFloats(static_cast<size_t>(m), -8.f, 8.f, seed + 2);
  std::vector<float> c(static_cast<size_t>(m) * ldc, std::numeric_limits<float>::quiet_NaN());
  if (cs.beta != 0.f) c = test::RandomFloats(c.size(), -1.f, 1.f, seed + 3);
  for (int i = 0; i < m; ++i)
    for (int j = n; j < ldc; ++j) c[static_cast<size_t>(i) * ldc + j] = kSentinel;
  const std::vector<float> c0 = c;

  GemmEpilogue ep = cs.epilogue;
  if (cs.use_bias) ep.bias = bias.data();
  if (cs.packed) {
    std::vector<float> pa(PackedASize(m, k));
    PackA(m, k, a.data(), lda, pa.data(), cs.alpha);
    SgemmPacked(m, n, k, pa.data(), b.data(), ldb, cs.beta, c.data(), ldc, ep, cs.options);
  } else {
    Sgemm(m, n, k, cs.alpha, a.data(), lda, b.data(), ldb, cs.beta, c.data(), ldc, ep,
          cs.options);
  }

  test::Outcome out;
  const double eps = std::numeric_limits<float>::epsilon();
  int failures = 0;
  for (int i = 0; i < m && failures < 5; ++i) {
    for (int j = 0; j < ldc && failures < 5; ++j) {
      const float got = c[static_cast<size_t>(i) * ldc + j];
      if (j >= n) {
        EXPECT_EQ(got, kSentinel) << "padding of C written at " << i << "," << j;
        failures += got != kSentinel;
        continue;
      }
      double sum = 0, mag = 0;
      for (int p = 0; p < k; ++p) {
        const double t = static_cast<double>(cs.alpha) * a[static_cast<size_t>(i) * lda + p] *
                         b[static_cast<size_t>(p) * ldb + j];
        sum += t;
        mag += std::fabs(t);
      }
      if (cs.beta != 0.f) {
        const double t = static_cast<double>(cs.beta) * c0[static_cast<size_t>(i) * ldc + j];
        sum += t;
        mag += std::fabs(t);
      }
      if (cs.use_bias) {
        sum += bias[i];
        mag += std::fabs(bias[i]);
      }
      const double want = test::ActivateReference(sum, ep.act);
      test::CountBends(sum, ep.act, &out);
      const double tol = 2.0 * (k + 3) * eps * mag * test::ActivationGain(sum, ep.act) +
                         4 * eps * (std::fabs(want) + 1) * (ep.act.kind != ActivationType::kNone) +
                         1e-30;
      if (!(std::fabs(got - want) <= tol)) {
        ADD_FAILURE() << "m=" << m << " n=" << n << " k=" << k << " C[" << i << "][" << j
                      << "] = " << got << ", want " << want << " (tol " << tol << ")";
        ++failures;
      }
    }
  }
  return out;
}

// Shapes around every block edge: MR=8, NR=12, KC=256, MC=128, NC=1536, and the ragged
// widths of real layers (7x7 = 49, 14x14 = 196).
std::vector<Shape> EdgeShapes() {
  return {{1, 1, 1},      {1, 1, 7},      {1, 37, 1},     {23, 1, 9},    {8, 12, 1},
          {8, 12, 4},     {7, 11, 3},     {9, 13, 5},     {16, 24, 256}, {17, 25, 257},
          {15, 47, 513},  {128, 12, 8},   {129, 19, 6},   {150, 40, 300}, {257, 21, 31},
          {7, 1537, 5},   {8, 1550, 260}, {3, 200, 1},    {1, 100, 300}, {100, 1, 300},
          {8, 24, 3},     {8, 23, 9},     {5, 36, 17},    {12, 48, 40},  {17, 49, 70},
          {19, 64, 255},  {11, 65, 30},   {7, 196, 33},   {4, 3080, 12}, {9, 50, 20},
          {14, 14, 300},  {6, 83, 9},     {2, 2, 2},      {13, 18, 7},   {10, 99, 3}};
}

// The edge shapes small enough to run once per activation and beta.
std::vector<Shape> SmallEdgeShapes() {
  std::vector<Shape> small;
  for (const Shape& s : EdgeShapes()) {
    if (static_cast<long>(s.m) * s.n * s.k <= 300000) small.push_back(s);
  }
  return small;
}

TEST(SgemmArm, EdgeShapesMatchReference) {
  for (const Shape& s : EdgeShapes()) {
    SCOPED_TRACE(Label(s));
    RunCase(Case{s});
  }
}

TEST(SgemmArm, RandomShapesWithPaddedLeadingDimensions) {
  std::mt19937 gen(7);
  std::uniform_int_distribution<int> dim(1, 150);
  for (int seed = 10; seed < 40; ++seed) {
    const Shape s{dim(gen), dim(gen), dim(gen)};
    SCOPED_TRACE(Label(s));
    Case cs{s};
    cs.pad = 1 + seed % 9;
    RunCase(cs, seed);
  }
}

TEST(SgemmArm, AccumulatesWithBetaAndScalesWithAlpha) {
  for (const Shape& s : EdgeShapes()) {
    for (float beta : {1.f, 0.5f}) {
      SCOPED_TRACE(Label(s) + " beta=" + std::to_string(beta));
      Case cs{s};
      cs.beta = beta;
      cs.alpha = -1.5f;
      cs.pad = 3;
      RunCase(cs);
    }
  }
}

// Every fused activation, with non-default parameters too, on the edge shapes: the inputs
// are spread so each bend of each activation is crossed hundreds of times.
TEST(SgemmArm, EpilogueBiasAndEveryActivation) {
  for (const Activation& act : test::EveryActivation()) {
    GemmEpilogue e;
    e.act = act;
    test::Outcome total;
    for (const Shape& s : SmallEdgeShapes()) {
      for (float beta : {0.f, 1.f}) {
        SCOPED_TRACE("act=" + test::ActivationName(act) + " beta=" + std::to_string(beta) +
                     " " + Label(s));
        Case cs{s};
        cs.beta = beta;
        cs.use_bias = true;
        cs.epilogue = e;
        cs.alpha = 2.f;  // widen the sums so the clamps fire at both ends
        cs.pad = 2;
        const test::Outcome o = RunCase(cs);
        total.clamped_low += o.clamped_low;
        total.clamped_high += o.clamped_high;
      }
    }
    // The inputs must exercise the bends, or the activation checks prove nothing.
    if (act.kind != ActivationType::kNone) {
      EXPECT_GT(total.clamped_low, 100) << test::ActivationName(act);
      EXPECT_GT(total.clamped_high, 100) << test::ActivationName(act);
    }
    // Activation without bias (the bias pointer is optional), through SgemmPacked, with K
    // over two blocks (the epilogue only on the last).
    Case cs{{13, 35, 300}};
    cs.epilogue = e;
    cs.packed = true;
    RunCase(cs);
  }
}

// A bad activation value, or a kind plite has no formula for, is reported, not run.
TEST(SgemmArm, UnknownActivationThrows) {
  std::vector<float> a(16, 1.f), b(16, 1.f), c(16, 0.f);
  for (ActivationType kind : {static_cast<ActivationType>(99), ActivationType::kPRelu}) {
    GemmEpilogue e;
    e.act.kind = kind;
    EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4, e),
                 lite_api::PaddleLiteException);
  }
}

TEST(SgemmArm, PackedAMatchesReferenceAndPlainPath) {
  for (const Shape& s : EdgeShapes()) {
    SCOPED_TRACE(Label(s));
    Case cs{s};
    cs.packed = true;
    cs.alpha = 0.75f;
    cs.use_bias = true;
    cs.epilogue.act.kind = ActivationType::kRelu6;
    cs.pad = 1;
    RunCase(cs);
  }
  // Same inputs through both entry points: the same arithmetic, so identical bits.
  const int m = 29, n = 53, k = 301;
  const auto a = test::RandomFloats(static_cast<size_t>(m) * k, -1.f, 1.f, 3);
  const auto b = test::RandomFloats(static_cast<size_t>(k) * n, -1.f, 1.f, 4);
  std::vector<float> plain(static_cast<size_t>(m) * n), packed_out(plain.size());
  Sgemm(m, n, k, 1.f, a.data(), k, b.data(), n, 0.f, plain.data(), n);
  std::vector<float> pa(PackedASize(m, k));
  PackA(m, k, a.data(), k, pa.data());
  SgemmPacked(m, n, k, pa.data(), b.data(), n, 0.f, packed_out.data(), n);
  EXPECT_EQ(plain, packed_out);
}

TEST(SgemmArm, ThreadsSplitNOrM) {
  for (int threads : {2, 3}) {
    // Wide N splits columns; tall narrow problems split rows; tiny ones leave threads idle.
    for (Shape s : std::vector<Shape>{{37, 500, 70}, {200, 20, 33}, {5, 3, 2}, {1, 1, 1},
                                      {160, 49, 300}, {24, 196, 40}, {9, 1600, 20}}) {
      SCOPED_TRACE("threads=" + std::to_string(threads) + " " + Label(s));
      Case cs{s};
      cs.options = test::ThreadedOptions(threads);
      cs.beta = threads == 2 ? 0.f : 1.f;
      cs.use_bias = true;
      cs.epilogue.act.kind = ActivationType::kRelu;
      cs.pad = 4;
      RunCase(cs);
    }
  }
}

// The split is the library's; a hook that runs tasks in reverse order on one thread must
// still cover C exactly once, and without a hook `threads` does not split at all.
TEST(SgemmArm, ThreadsUseTheHookOnly) {
  const Shape s{37, 500, 70};
  int calls = 0, tasks_seen = 0;
  Case hooked{s};
  hooked.options.threads = 3;
  hooked.options.parallel_for = [&](int tasks, const std::function<void(int)>& task) {
    ++calls;
    tasks_seen = tasks;
    for (int t = tasks - 1; t >= 0; --t) task(t);
  };
  hooked.beta = 1.f;
  RunCase(hooked);
  EXPECT_GE(calls, 1);
  EXPECT_EQ(tasks_seen, 3);

  Case unhooked{s};
  unhooked.options.threads = 4;  // no parallel_for: runs on this thread
  unhooked.beta = 1.f;
  RunCase(unhooked);
}

TEST(SgemmArm, ZeroKGivesBetaCPlusBias) {
  Case cs{{7, 9, 0}};
  cs.beta = 0.5f;
  cs.use_bias = true;
  cs.epilogue.act.kind = ActivationType::kRelu6;
  RunCase(cs);
}

TEST(SgemmArm, EmptyProblemsWriteNothing) {
  float c = 3.f;
  Sgemm(0, 1, 5, 1.f, nullptr, 5, nullptr, 1, 0.f, &c, 1);
  Sgemm(1, 0, 5, 1.f, nullptr, 5, nullptr, 1, 0.f, &c, 1);
  EXPECT_EQ(c, 3.f);
}

TEST(SgemmArm, BadArgumentsThrow) {
  std::vector<float> a(100, 1.f), b(100, 1.f), c(100, 0.f);
  using lite_api::PaddleLiteException;
  EXPECT_THROW(Sgemm(-1, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4),
               PaddleLiteException);
  EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 3, b.data(), 4, 0.f, c.data(), 4),
               PaddleLiteException);  // lda < k
  EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 3, 0.f, c.data(), 4),
               PaddleLiteException);  // ldb < n
  EXPECT_THROW(Sgemm(4, 4, 4, 1.f, nullptr, 4, b.data(), 4, 0.f, c.data(), 4),
               PaddleLiteException);
  EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, nullptr, 4, 0.f, c.data(), 4),
               PaddleLiteException);
  SgemmOptions no_threads;
  no_threads.threads = 0;
  EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4, {}, no_threads),
               PaddleLiteException);
  EXPECT_THROW(PackedASize(-1, 3), PaddleLiteException);
  try {
    Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 2);
    ADD_FAILURE() << "ldc < n was accepted";
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("ldc=2"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace math
}  // namespace arm
}  // namespace lite
}  // namespace paddle
