// A backend's SGEMM (gemm_cases.h) against a naive triple loop written here (double
// accumulation), on the shapes around every edge of the backend's blocking, random shapes
// with padded leading dimensions, accumulation (beta) and alpha, bias, every fused
// activation, packed A, 2, 3 and 8 threads, K = 0, empty problems and bad arguments.
// beta == 0 runs on a C full of NaN (it must not be read), and the padding of C holds a
// sentinel that must stay.
//
// Tolerance: a float sum of K products errs by at most ~K * eps * sum|terms|, so each
// element is allowed 2 * (K + 3) * eps * (sum_p |alpha a b| + |beta c| + |bias|) (the float
// rounding bound of the sum), grown by the activation's slope, plus a few ulps for the
// activation itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "lite/tests/backends/gemm_cases.h"
#include "lite/utils/exception.h"

namespace paddle {
namespace lite {
namespace test {

namespace {

constexpr float kSentinel = -12345.f;  // fills the ldc padding, which must stay untouched

}  // namespace

Outcome RunSgemmCase(const GemmBackend& backend, const SgemmCase& cs, unsigned seed) {
  const int m = cs.s.m, n = cs.s.n, k = cs.s.k;
  GemmOperands ops(m, n, k, cs.pad, m, 8.f, kSentinel, seed);
  if (cs.beta != 0.f) ops.RandomOutput(seed + 3);
  const std::vector<float> c0 = ops.c;

  GemmCall call = cs.call;
  if (cs.use_bias) call.bias = ops.bias.data();
  float* c = ops.c.data();
  if (cs.packed) {
    std::vector<float> pa(backend.packed_a_size(m, k));
    backend.pack_a(m, k, ops.a.data(), ops.lda, pa.data(), cs.alpha);
    backend.sgemm_packed(m, n, k, pa.data(), ops.b.data(), ops.ldb, cs.beta, c, ops.ldc, call);
  } else {
    backend.sgemm(m, n, k, cs.alpha, ops.a.data(), ops.lda, ops.b.data(), ops.ldb, cs.beta, c,
                  ops.ldc, call);
  }

  Outcome out;
  const double eps = std::numeric_limits<float>::epsilon();
  SCOPED_TRACE(Label(cs.s));
  ExpectResultNear("C", ops.c, m, n, ops.ldc, kSentinel, [&](int i, int j) {
    double sum = 0, mag = 0;
    for (int p = 0; p < k; ++p) {
      const double t = static_cast<double>(cs.alpha) *
                       ops.a[static_cast<size_t>(i) * ops.lda + p] *
                       ops.b[static_cast<size_t>(p) * ops.ldb + j];
      sum += t;
      mag += std::fabs(t);
    }
    if (cs.beta != 0.f) {
      const double t = static_cast<double>(cs.beta) * c0[static_cast<size_t>(i) * ops.ldc + j];
      sum += t;
      mag += std::fabs(t);
    }
    if (cs.use_bias) {
      sum += ops.bias[i];
      mag += std::fabs(ops.bias[i]);
    }
    const double want = ActivateReference(sum, call.act);
    CountBends(sum, call.act, &out);
    const bool activated = call.act.kind != ActivationType::kNone;
    const double tol = 2.0 * (k + 3) * eps * mag * ActivationGain(sum, call.act) +
                       4 * eps * (std::fabs(want) + 1) * activated + 1e-30;
    return Expected{want, tol};
  });
  return out;
}

namespace {

TEST_P(SgemmCases, EdgeShapesMatchReference) {
  for (const GemmShape& s : EdgeShapes(backend())) {
    SCOPED_TRACE(Label(s));
    RunSgemmCase(backend(), SgemmCase{s});
  }
}

TEST_P(SgemmCases, RandomShapesWithPaddedLeadingDimensions) {
  std::mt19937 gen(7);
  std::uniform_int_distribution<int> dim(1, backend().random_dim_max);
  for (int seed = 10; seed < 10 + backend().random_shapes; ++seed) {
    const GemmShape s{dim(gen), dim(gen), dim(gen)};
    SCOPED_TRACE(Label(s));
    SgemmCase cs{s};
    cs.pad = 1 + seed % 9;
    RunSgemmCase(backend(), cs, seed);
  }
}

TEST_P(SgemmCases, AccumulatesWithBetaAndScalesWithAlpha) {
  for (const GemmShape& s : EdgeShapes(backend())) {
    for (float beta : {1.f, 0.5f}) {
      SCOPED_TRACE(Label(s) + " beta=" + std::to_string(beta));
      SgemmCase cs{s};
      cs.beta = beta;
      cs.alpha = -1.5f;
      cs.pad = 3;
      RunSgemmCase(backend(), cs);
    }
  }
}

// Every fused activation, with non-default parameters too, on the edge shapes: the inputs
// are spread so each bend of each activation is crossed hundreds of times.
TEST_P(SgemmCases, EpilogueBiasAndEveryActivation) {
  for (const Activation& act : EveryActivation()) {
    Outcome total;
    for (const GemmShape& s : EdgeShapes(backend())) {
      const long long products = static_cast<long long>(s.m) * s.n * s.k;
      if (backend().activation_max_products > 0 && products > backend().activation_max_products) {
        continue;
      }
      for (float beta : {0.f, 1.f}) {
        SCOPED_TRACE("act=" + ActivationName(act) + " beta=" + std::to_string(beta) + " " +
                     Label(s));
        SgemmCase cs{s};
        cs.beta = beta;
        cs.use_bias = true;
        cs.call.act = act;
        cs.alpha = 2.f;  // widen the sums so the clamps fire at both ends
        cs.pad = 2;
        const Outcome o = RunSgemmCase(backend(), cs);
        total.clamped_low += o.clamped_low;
        total.clamped_high += o.clamped_high;
      }
    }
    // The inputs must exercise the bends, or the activation checks prove nothing.
    if (act.kind != ActivationType::kNone) {
      EXPECT_GT(total.clamped_low, 100) << ActivationName(act);
      EXPECT_GT(total.clamped_high, 100) << ActivationName(act);
    }
    // Activation without bias (the bias pointer is optional), through SgemmPacked, with K
    // over two blocks (the epilogue only on the last).
    SgemmCase cs{{13, 35, 300}};
    cs.call.act = act;
    cs.packed = true;
    RunSgemmCase(backend(), cs);
  }
}

// A bad activation value, or a kind plite has no formula for, is reported, not run.
TEST_P(SgemmCases, UnknownActivationThrows) {
  std::vector<float> a(16, 1.f), b(16, 1.f), c(16, 0.f);
  for (ActivationType kind : {static_cast<ActivationType>(99), ActivationType::kPRelu}) {
    GemmCall call;
    call.act.kind = kind;
    EXPECT_THROW(backend().sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4, call),
                 lite_api::PaddleLiteException);
  }
}

TEST_P(SgemmCases, PackedAMatchesReferenceAndPlainPath) {
  for (const GemmShape& s : EdgeShapes(backend())) {
    SCOPED_TRACE(Label(s));
    SgemmCase cs{s};
    cs.packed = true;
    cs.alpha = 0.75f;
    cs.use_bias = true;
    cs.call.act.kind = ActivationType::kRelu6;
    cs.pad = 1;
    RunSgemmCase(backend(), cs);
  }
  // Same inputs through both entry points: the same arithmetic, so identical bits.
  const int m = 29, n = 53, k = 301;
  const auto a = RandomFloats(static_cast<size_t>(m) * k, -1.f, 1.f, 3);
  const auto b = RandomFloats(static_cast<size_t>(k) * n, -1.f, 1.f, 4);
  std::vector<float> plain(static_cast<size_t>(m) * n), packed_out(plain.size());
  backend().sgemm(m, n, k, 1.f, a.data(), k, b.data(), n, 0.f, plain.data(), n, {});
  std::vector<float> pa(backend().packed_a_size(m, k));
  backend().pack_a(m, k, a.data(), k, pa.data(), 1.f);
  backend().sgemm_packed(m, n, k, pa.data(), b.data(), n, 0.f, packed_out.data(), n, {});
  EXPECT_EQ(plain, packed_out);
}

TEST_P(SgemmCases, ThreadsSplitNOrM) {
  struct Split {
    int threads;
    float beta;
  };
  for (const Split& split : {Split{2, 0.f}, Split{2, 1.f}, Split{3, 1.f}, Split{8, 1.f}}) {
    // Wide N splits columns (past N blocks too); tall narrow problems split rows; tiny ones
    // leave threads idle.
    for (GemmShape s : std::vector<GemmShape>{{37, 500, 70}, {200, 20, 33}, {5, 3, 2},
                                              {1, 1, 1}, {160, 49, 300}, {24, 196, 40},
                                              {9, 1600, 20}}) {
      SCOPED_TRACE("threads=" + std::to_string(split.threads) +
                   " beta=" + std::to_string(split.beta) + " " + Label(s));
      SgemmCase cs{s};
      cs.call.threads = split.threads;
      cs.call.parallel_for = ThreadPerTask();
      cs.beta = split.beta;
      cs.use_bias = true;
      cs.call.act.kind = ActivationType::kRelu;
      cs.pad = 4;
      RunSgemmCase(backend(), cs);
    }
  }
}

// The split is the library's; a hook that runs tasks in reverse order on one thread must
// still cover C exactly once, and without a hook `threads` does not split at all.
TEST_P(SgemmCases, ThreadsUseTheHookOnly) {
  const GemmShape s{37, 500, 70};
  int calls = 0, tasks_seen = 0;
  SgemmCase hooked{s};
  hooked.call.threads = 3;
  hooked.call.parallel_for = [&](int tasks, const std::function<void(int)>& task) {
    ++calls;
    tasks_seen = tasks;
    for (int t = tasks - 1; t >= 0; --t) task(t);
  };
  hooked.beta = 1.f;
  RunSgemmCase(backend(), hooked);
  EXPECT_GE(calls, 1);
  EXPECT_EQ(tasks_seen, 3);

  SgemmCase unhooked{s};
  unhooked.call.threads = 4;  // no parallel_for: runs on this thread
  unhooked.beta = 1.f;
  RunSgemmCase(backend(), unhooked);
}

TEST_P(SgemmCases, ZeroKGivesBetaCPlusBias) {
  SgemmCase cs{{7, 9, 0}};
  cs.beta = 0.5f;
  cs.use_bias = true;
  cs.call.act.kind = ActivationType::kRelu6;
  RunSgemmCase(backend(), cs);
}

TEST_P(SgemmCases, EmptyProblemsWriteNothing) {
  float c = 3.f;
  backend().sgemm(0, 1, 5, 1.f, nullptr, 5, nullptr, 1, 0.f, &c, 1, {});
  backend().sgemm(1, 0, 5, 1.f, nullptr, 5, nullptr, 1, 0.f, &c, 1, {});
  EXPECT_EQ(c, 3.f);
}

TEST_P(SgemmCases, BadArgumentsThrow) {
  std::vector<float> av(100, 1.f), bv(100, 1.f), cv(100, 0.f);
  float *a = av.data(), *b = bv.data(), *c = cv.data();
  const auto& sgemm = backend().sgemm;
  using lite_api::PaddleLiteException;
  EXPECT_THROW(sgemm(-1, 4, 4, 1.f, a, 4, b, 4, 0.f, c, 4, {}), PaddleLiteException);
  EXPECT_THROW(sgemm(4, 4, 4, 1.f, a, 3, b, 4, 0.f, c, 4, {}), PaddleLiteException);  // lda < k
  EXPECT_THROW(sgemm(4, 4, 4, 1.f, a, 4, b, 3, 0.f, c, 4, {}), PaddleLiteException);  // ldb < n
  EXPECT_THROW(sgemm(4, 4, 4, 1.f, a, 4, b, 4, 0.f, c, 2, {}), PaddleLiteException);  // ldc < n
  EXPECT_THROW(sgemm(4, 4, 4, 1.f, nullptr, 4, b, 4, 0.f, c, 4, {}), PaddleLiteException);
  EXPECT_THROW(sgemm(4, 4, 4, 1.f, a, 4, nullptr, 4, 0.f, c, 4, {}), PaddleLiteException);
  GemmCall no_threads;
  no_threads.threads = 0;
  EXPECT_THROW(sgemm(4, 4, 4, 1.f, a, 4, b, 4, 0.f, c, 4, no_threads), PaddleLiteException);
  EXPECT_THROW(backend().packed_a_size(-1, 3), PaddleLiteException);
  ExpectThrowContaining([&] { sgemm(4, 4, 4, 1.f, a, 4, b, 4, 0.f, c, 2, {}); }, "ldc=2");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
