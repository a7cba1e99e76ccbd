// x86 SGEMM against a naive triple loop written here (double accumulation), on shapes that
// hit every edge of the blocking (MR=6, NR=16, KC=256, MC=144, NC=3072), with padded
// leading dimensions, accumulation, the fused epilogue, threads, and the portable kernel.
#include "lite/backends/x86/math/sgemm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/paddle_exception.h"
#include "lite/backends/x86/cpu_info.h"
#include "lite/core/thread_pool.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace {

struct Shape {
  int m, n, k;
};

struct Case {
  explicit Case(Shape shape) : s(shape) {}
  Shape s;
  float alpha = 1.f;
  float beta = 0.f;
  GemmEpilogue epilogue;  // bias filled in by Run when use_bias
  bool use_bias = false;
  int pad = 0;  // extra columns in lda/ldb/ldc
  bool packed = false;
  SgemmOptions options;
};

constexpr float kSentinel = -12345.f;  // fills the ldc padding, which must stay untouched

std::vector<float> Random(size_t n, float lo, float hi, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

double Activate(double v, GemmActivation act) {
  if (act == GemmActivation::kNone) return v;
  v = std::max(v, 0.0);
  return act == GemmActivation::kRelu6 ? std::min(v, 6.0) : v;
}

struct Outcome {
  int clamped_low = 0, clamped_high = 0;  // outputs relu / relu6 clamped, for epilogue tests
};

// Runs one case and checks every element of C (and that C's padding is untouched).
// Tolerance: a float sum of K products errs by at most ~K * eps * sum|terms|, so each
// element is allowed 2 * (K + 3) * eps * (sum_p |alpha a b| + |beta c| + |bias|).
Outcome RunCase(const Case& cs, unsigned seed = 1) {
  const int m = cs.s.m, n = cs.s.n, k = cs.s.k;
  const int lda = std::max(k, 1) + cs.pad, ldb = std::max(n, 1) + cs.pad,
            ldc = std::max(n, 1) + cs.pad;
  const auto a = Random(static_cast<size_t>(m) * lda, -1.f, 1.f, seed);
  const auto b = Random(static_cast<size_t>(k) * ldb, -1.f, 1.f, seed + 1);
  const auto bias = Random(static_cast<size_t>(m), -8.f, 8.f, seed + 2);
  std::vector<float> c(static_cast<size_t>(m) * ldc);
  if (cs.beta == 0.f) {
    // beta == 0 must not read C.
    for (auto& x : c) x = std::numeric_limits<float>::quiet_NaN();
  } else {
    c = Random(c.size(), -1.f, 1.f, seed + 3);
  }
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

  Outcome out;
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
      const double want = Activate(sum, ep.activation);
      if (ep.activation != GemmActivation::kNone && sum < 0) ++out.clamped_low;
      if (ep.activation == GemmActivation::kRelu6 && sum > 6) ++out.clamped_high;
      const double tol = 2.0 * (k + 3) * eps * mag + 1e-30;
      if (!(std::fabs(got - want) <= tol)) {
        ADD_FAILURE() << "m=" << m << " n=" << n << " k=" << k << " C[" << i << "][" << j
                      << "] = " << got << ", want " << want << " (tol " << tol << ")";
        ++failures;
      }
    }
  }
  return out;
}

// Shapes around every block edge: MR=6, NR=16, KC=256, MC=144, NC=3072.
std::vector<Shape> EdgeShapes() {
  return {{1, 1, 1},     {1, 1, 7},     {1, 37, 1},   {23, 1, 9},    {6, 16, 1},
          {6, 16, 4},    {5, 15, 3},    {7, 17, 5},   {12, 32, 256}, {13, 33, 257},
          {11, 47, 513}, {144, 16, 8},  {145, 19, 6}, {150, 40, 300}, {289, 21, 31},
          {7, 3073, 5},  {8, 3100, 260}, {3, 200, 1}, {1, 100, 300}, {100, 1, 300}};
}

std::vector<Shape> RandomShapes(int count, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dim(1, 170);
  std::vector<Shape> shapes;
  for (int i = 0; i < count; ++i) shapes.push_back({dim(gen), dim(gen), dim(gen)});
  return shapes;
}

std::vector<SgemmIsa> Isas() {
  std::vector<SgemmIsa> isas{SgemmIsa::kScalar};
  if (CpuHasAvx2Fma()) isas.push_back(SgemmIsa::kAvx2);
  return isas;
}

std::string Name(SgemmIsa isa) { return isa == SgemmIsa::kScalar ? "scalar" : "avx2"; }

TEST(Sgemm, EdgeShapesMatchReference) {
  for (SgemmIsa isa : Isas()) {
    for (const Shape& s : EdgeShapes()) {
      SCOPED_TRACE(Name(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                   std::to_string(s.k));
      Case cs{s};
      cs.options.isa = isa;
      RunCase(cs);
    }
  }
}

TEST(Sgemm, RandomShapesWithPaddedLeadingDimensions) {
  for (SgemmIsa isa : Isas()) {
    int seed = 10;
    for (const Shape& s : RandomShapes(40, 7)) {
      SCOPED_TRACE(Name(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                   std::to_string(s.k));
      Case cs{s};
      cs.options.isa = isa;
      cs.pad = 1 + seed % 9;
      RunCase(cs, seed++);
    }
  }
}

// Rows of B a multiple of 4 KB apart take the packed-B path (others read B in place).
TEST(Sgemm, PackedBPathForAlignedLdb) {
  for (SgemmIsa isa : Isas()) {
    for (Shape s : std::vector<Shape>{{13, 1000, 40}, {7, 1023, 300}, {20, 1010, 9}}) {
      SCOPED_TRACE(Name(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                   std::to_string(s.k));
      Case cs{s};
      cs.options.isa = isa;
      cs.pad = 1024 - s.n;  // ldb = 1024
      cs.beta = 1.f;
      cs.use_bias = true;
      cs.epilogue.activation = GemmActivation::kRelu6;
      RunCase(cs);
    }
    Case square{{30, 1024, 70}};
    square.options.isa = isa;
    RunCase(square);
  }
}

TEST(Sgemm, AccumulatesWithBetaAndScalesWithAlpha) {
  for (SgemmIsa isa : Isas()) {
    for (const Shape& s : EdgeShapes()) {
      for (float beta : {1.f, 0.5f}) {
        SCOPED_TRACE(Name(isa) + " beta=" + std::to_string(beta) + " " + std::to_string(s.m) +
                     "x" + std::to_string(s.n) + "x" + std::to_string(s.k));
        Case cs{s};
        cs.options.isa = isa;
        cs.beta = beta;
        cs.alpha = -1.5f;
        cs.pad = 3;
        RunCase(cs);
      }
    }
  }
}

TEST(Sgemm, EpilogueBiasReluRelu6) {
  for (SgemmIsa isa : Isas()) {
    for (GemmActivation act :
         {GemmActivation::kNone, GemmActivation::kRelu, GemmActivation::kRelu6}) {
      Outcome total;
      for (const Shape& s : EdgeShapes()) {
        for (float beta : {0.f, 1.f}) {
          SCOPED_TRACE(Name(isa) + " act=" + std::to_string(static_cast<int>(act)) +
                       " beta=" + std::to_string(beta) + " " + std::to_string(s.m) + "x" +
                       std::to_string(s.n) + "x" + std::to_string(s.k));
          Case cs{s};
          cs.options.isa = isa;
          cs.beta = beta;
          cs.use_bias = true;
          cs.epilogue.activation = act;
          cs.alpha = 2.f;  // widen the sums so relu6 clamps at both ends
          cs.pad = 2;
          const Outcome o = RunCase(cs);
          total.clamped_low += o.clamped_low;
          total.clamped_high += o.clamped_high;
        }
      }
      // The inputs must exercise the clamps, or the activation checks prove nothing.
      if (act != GemmActivation::kNone) {
        EXPECT_GT(total.clamped_low, 100);
      }
      if (act == GemmActivation::kRelu6) {
        EXPECT_GT(total.clamped_high, 100);
      }
    }
    // Activation without bias (the bias pointer is optional).
    Case cs{{13, 35, 300}};
    cs.options.isa = isa;
    cs.epilogue.activation = GemmActivation::kRelu;
    RunCase(cs);
  }
}

TEST(Sgemm, PackedAMatchesReferenceAndPlainPath) {
  for (SgemmIsa isa : Isas()) {
    for (const Shape& s : EdgeShapes()) {
      SCOPED_TRACE(Name(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                   std::to_string(s.k));
      Case cs{s};
      cs.options.isa = isa;
      cs.packed = true;
      cs.alpha = 0.75f;
      cs.use_bias = true;
      cs.epilogue.activation = GemmActivation::kRelu6;
      cs.pad = 1;
      RunCase(cs);
    }
    // Same inputs through both entry points: the same arithmetic, so identical bits.
    const int m = 29, n = 53, k = 301;
    const auto a = Random(static_cast<size_t>(m) * k, -1.f, 1.f, 3);
    const auto b = Random(static_cast<size_t>(k) * n, -1.f, 1.f, 4);
    std::vector<float> plain(static_cast<size_t>(m) * n), packed_out(plain.size());
    SgemmOptions opt;
    opt.isa = isa;
    Sgemm(m, n, k, 1.f, a.data(), k, b.data(), n, 0.f, plain.data(), n, {}, opt);
    std::vector<float> pa(PackedASize(m, k));
    PackA(m, k, a.data(), k, pa.data());
    SgemmPacked(m, n, k, pa.data(), b.data(), n, 0.f, packed_out.data(), n, {}, opt);
    EXPECT_EQ(plain, packed_out);
  }
}

TEST(Sgemm, ThreadsSplitNOrM) {
  for (SgemmIsa isa : Isas()) {
    for (int threads : {2, 3, 8}) {
      ThreadPool pool(threads);
      // Wide N splits columns; tall narrow problems split rows.
      for (Shape s : std::vector<Shape>{{37, 500, 70}, {200, 20, 33}, {5, 3, 2}, {1, 1, 1}}) {
        SCOPED_TRACE(Name(isa) + " threads=" + std::to_string(threads) + " " +
                     std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                     std::to_string(s.k));
        Case cs{s};
        cs.options.isa = isa;
        cs.options.threads = threads;
        cs.options.parallel_for = [&pool](int tasks, const std::function<void(int)>& task) {
          pool.ParallelFor(tasks, task);
        };
        cs.beta = 1.f;
        cs.use_bias = true;
        cs.epilogue.activation = GemmActivation::kRelu;
        cs.pad = 4;
        RunCase(cs);
      }
    }
  }
}

// The split is the library's; a hook that runs tasks in reverse order on one thread must
// still cover C exactly once, and without a hook `threads` does not split at all.
TEST(Sgemm, ThreadsUseTheHookOnly) {
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

TEST(Sgemm, ZeroKGivesBetaCPlusBias) {
  for (SgemmIsa isa : Isas()) {
    Case cs{{7, 9, 0}};
    cs.options.isa = isa;
    cs.beta = 0.5f;
    cs.use_bias = true;
    cs.epilogue.activation = GemmActivation::kRelu6;
    RunCase(cs);
  }
}

TEST(Sgemm, EmptyProblemsWriteNothing) {
  float c = 3.f;
  Sgemm(0, 1, 5, 1.f, nullptr, 5, nullptr, 1, 0.f, &c, 1);
  Sgemm(1, 0, 5, 1.f, nullptr, 5, nullptr, 1, 0.f, &c, 1);
  EXPECT_EQ(c, 3.f);
}

TEST(Sgemm, BadArgumentsThrow) {
  std::vector<float> a(100, 1.f), b(100, 1.f), c(100, 0.f);
  using lite_api::PaddleLiteException;
  EXPECT_THROW(Sgemm(-1, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4),
               PaddleLiteException);
  EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 3, b.data(), 4, 0.f, c.data(), 4),
               PaddleLiteException);  // lda < k
  EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 3, 0.f, c.data(), 4),
               PaddleLiteException);  // ldb < n
  EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 2),
               PaddleLiteException);  // ldc < n
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
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("ldc=2"), std::string::npos) << e.what();
  }
  SgemmOptions avx2;
  avx2.isa = SgemmIsa::kAvx2;
  if (!CpuHasAvx2Fma()) {
    EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4, {}, avx2),
                 PaddleLiteException);
  }
}

// The detection agrees with the kernel's own report in /proc/cpuinfo.
TEST(CpuInfo, Avx2FmaMatchesProcCpuinfo) {
  std::ifstream in("/proc/cpuinfo");
  if (!in) GTEST_SKIP() << "no /proc/cpuinfo to compare with";
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    bool avx2 = false, fma = false;
    std::string w;
    while (words >> w) {
      avx2 |= w == "avx2";
      fma |= w == "fma";
    }
    EXPECT_EQ(CpuHasAvx2Fma(), avx2 && fma);
    return;
  }
  GTEST_SKIP() << "/proc/cpuinfo has no flags line";
}

}  // namespace
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
