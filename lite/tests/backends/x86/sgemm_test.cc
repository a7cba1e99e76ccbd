// x86 SGEMM against a naive triple loop written here (double accumulation), on shapes that
// hit every edge of the blocking (MR=6, NR=16 (AVX2) / 32 (AVX-512), KC=256, MC=144,
// NC=3072), with padded leading dimensions, accumulation, every fused activation, threads,
// and each kernel the CPU can run (portable, AVX2, AVX-512), forced.
#include "lite/backends/x86/math/gemm/sgemm.h"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <functional>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lite/utils/exception.h"
#include "lite/backends/x86/cpu_info.h"
#include "lite/core/thread_pool.h"
#include "lite/tests/backends/x86/sgemm_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

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

using test::ActivationGain;
using test::CountBends;
using test::Outcome;

// Runs one case and checks every element of C (and that C's padding is untouched).
// Tolerance: a float sum of K products errs by at most ~K * eps * sum|terms|, so each
// element is allowed 2 * (K + 3) * eps * (sum_p |alpha a b| + |beta c| + |bias|).
Outcome RunCase(const Case& cs, unsigned seed = 1) {
  const int m = cs.s.m, n = cs.s.n, k = cs.s.k;
  const int lda = std::max(k, 1) + cs.pad, ldb = std::max(n, 1) + cs.pad,
            ldc = std::max(n, 1) + cs.pad;
  const auto a = test::RandomVector(static_cast<size_t>(m) * lda, -1.f, 1.f, seed);
  const auto b = test::RandomVector(static_cast<size_t>(k) * ldb, -1.f, 1.f, seed + 1);
  const auto bias = test::RandomVector(static_cast<size_t>(m), -8.f, 8.f, seed + 2);
  std::vector<float> c(static_cast<size_t>(m) * ldc);
  if (cs.beta == 0.f) {
    // beta == 0 must not read C.
    for (auto& x : c) x = std::numeric_limits<float>::quiet_NaN();
  } else {
    c = test::RandomVector(c.size(), -1.f, 1.f, seed + 3);
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
      const double want = test::ActivateReference(sum, ep.act);
      CountBends(sum, ep.act, &out);
      const double tol = 2.0 * (k + 3) * eps * mag * ActivationGain(sum, ep.act) +
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

// Shapes around every block edge: MR=6, NR=16 / 32, KC=256, MC=144, NC=3072, and the
// ragged widths of real layers (7x7 = 49, 14x14 = 196).
std::vector<Shape> EdgeShapes() {
  return {{1, 1, 1},     {1, 1, 7},     {1, 37, 1},    {23, 1, 9},    {6, 16, 1},
          {6, 16, 4},    {5, 15, 3},    {7, 17, 5},    {12, 32, 256}, {13, 33, 257},
          {11, 47, 513}, {144, 16, 8},  {145, 19, 6},  {150, 40, 300}, {289, 21, 31},
          {7, 3073, 5},  {8, 3100, 260}, {3, 200, 1},  {1, 100, 300}, {100, 1, 300},
          {6, 32, 3},    {6, 31, 9},    {5, 33, 17},   {12, 48, 40},  {17, 49, 70},
          {19, 64, 255}, {11, 65, 30},  {7, 196, 33},  {4, 3103, 12}, {9, 50, 20},
          {14, 51, 300}, {7, 83, 9},    {5, 52, 4},    {13, 18, 7},   {8, 99, 3}};
}

std::vector<Shape> RandomShapes(int count, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<int> dim(1, 170);
  std::vector<Shape> shapes;
  for (int i = 0; i < count; ++i) shapes.push_back({dim(gen), dim(gen), dim(gen)});
  return shapes;
}

TEST(Sgemm, EdgeShapesMatchReference) {
  for (SgemmIsa isa : test::IsasToTest()) {
    for (const Shape& s : EdgeShapes()) {
      SCOPED_TRACE(test::IsaName(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                   std::to_string(s.k));
      Case cs{s};
      cs.options.isa = isa;
      RunCase(cs);
    }
  }
}

TEST(Sgemm, RandomShapesWithPaddedLeadingDimensions) {
  for (SgemmIsa isa : test::IsasToTest()) {
    int seed = 10;
    for (const Shape& s : RandomShapes(40, 7)) {
      SCOPED_TRACE(test::IsaName(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
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
  for (SgemmIsa isa : test::IsasToTest()) {
    for (Shape s : std::vector<Shape>{{13, 1000, 40}, {7, 1023, 300}, {20, 1010, 9},
                                      {9, 1009, 270}, {8, 1011, 5}}) {
      SCOPED_TRACE(test::IsaName(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                   std::to_string(s.k));
      Case cs{s};
      cs.options.isa = isa;
      cs.pad = 1024 - s.n;  // ldb = 1024
      cs.beta = 1.f;
      cs.use_bias = true;
      cs.epilogue.act.kind = ActivationType::kRelu6;
      RunCase(cs);
    }
    Case square{{30, 1024, 70}};
    square.options.isa = isa;
    RunCase(square);
  }
}

TEST(Sgemm, AccumulatesWithBetaAndScalesWithAlpha) {
  for (SgemmIsa isa : test::IsasToTest()) {
    for (const Shape& s : EdgeShapes()) {
      for (float beta : {1.f, 0.5f}) {
        SCOPED_TRACE(test::IsaName(isa) + " beta=" + std::to_string(beta) + " " + std::to_string(s.m) +
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

// Every fused activation, with non-default parameters too, on every edge shape: the inputs
// are spread so each bend of each activation is crossed hundreds of times.
TEST(Sgemm, EpilogueBiasAndEveryActivation) {
  for (SgemmIsa isa : test::IsasToTest()) {
    for (const Activation& act : test::EveryActivation()) {
      GemmEpilogue e;
      e.act = act;
      Outcome total;
      for (const Shape& s : EdgeShapes()) {
        for (float beta : {0.f, 1.f}) {
          SCOPED_TRACE(test::IsaName(isa) + " act=" + test::ActivationName(act) +
                       " beta=" + std::to_string(beta) + " " + std::to_string(s.m) + "x" +
                       std::to_string(s.n) + "x" + std::to_string(s.k));
          Case cs{s};
          cs.options.isa = isa;
          cs.beta = beta;
          cs.use_bias = true;
          cs.epilogue = e;
          cs.alpha = 2.f;  // widen the sums so the clamps fire at both ends
          cs.pad = 2;
          const Outcome o = RunCase(cs);
          total.clamped_low += o.clamped_low;
          total.clamped_high += o.clamped_high;
        }
      }
      // The inputs must exercise the bends, or the activation checks prove nothing.
      if (act.kind != ActivationType::kNone) {
        const std::string who = test::IsaName(isa) + " act " + test::ActivationName(act);
        EXPECT_GT(total.clamped_low, 100) << who;
        EXPECT_GT(total.clamped_high, 100) << who;
      }
      // Activation without bias (the bias pointer is optional), through SgemmPacked.
      Case cs{{13, 35, 300}};
      cs.options.isa = isa;
      cs.epilogue = e;
      cs.packed = true;
      RunCase(cs);
    }
  }
}

// A bad activation value, or a kind plite has no formula for, is reported, not run.
TEST(Sgemm, UnknownActivationThrows) {
  std::vector<float> a(16, 1.f), b(16, 1.f), c(16, 0.f);
  for (ActivationType kind : {static_cast<ActivationType>(99), ActivationType::kPRelu}) {
    GemmEpilogue e;
    e.act.kind = kind;
    EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4, e),
                 lite_api::PaddleLiteException);
  }
}

TEST(Sgemm, PackedAMatchesReferenceAndPlainPath) {
  for (SgemmIsa isa : test::IsasToTest()) {
    for (const Shape& s : EdgeShapes()) {
      SCOPED_TRACE(test::IsaName(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                   std::to_string(s.k));
      Case cs{s};
      cs.options.isa = isa;
      cs.packed = true;
      cs.alpha = 0.75f;
      cs.use_bias = true;
      cs.epilogue.act.kind = ActivationType::kRelu6;
      cs.pad = 1;
      RunCase(cs);
    }
    // Same inputs through both entry points: the same arithmetic, so identical bits.
    const int m = 29, n = 53, k = 301;
    const auto a = test::RandomVector(static_cast<size_t>(m) * k, -1.f, 1.f, 3);
    const auto b = test::RandomVector(static_cast<size_t>(k) * n, -1.f, 1.f, 4);
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
  for (SgemmIsa isa : test::IsasToTest()) {
    for (int threads : {2, 3, 8}) {
      ThreadPool pool(threads);
      // Wide N splits columns; tall narrow problems split rows.
      for (Shape s : std::vector<Shape>{
               {37, 500, 70}, {200, 20, 33}, {5, 3, 2}, {1, 1, 1}, {160, 49, 300}, {24, 196, 40}}) {
        SCOPED_TRACE(test::IsaName(isa) + " threads=" + std::to_string(threads) + " " +
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
        cs.epilogue.act.kind = ActivationType::kRelu;
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
  for (SgemmIsa isa : test::IsasToTest()) {
    Case cs{{7, 9, 0}};
    cs.options.isa = isa;
    cs.beta = 0.5f;
    cs.use_bias = true;
    cs.epilogue.act.kind = ActivationType::kRelu6;
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
  SgemmOptions avx512;
  avx512.isa = SgemmIsa::kAvx512;
  if (!CpuHasAvx512f()) {
    EXPECT_THROW(Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4, {}, avx512),
                 PaddleLiteException);
  }
}

// The words of /proc/cpuinfo's first flags line, as the kernel reports them; false when
// there is none to compare with.
bool ProcCpuinfoFlags(std::set<std::string>* flags) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (in && std::getline(in, line)) {
    if (line.rfind("flags", 0) != 0) continue;
    std::istringstream words(line.substr(line.find(':') + 1));
    std::string w;
    while (words >> w) flags->insert(w);
    return true;
  }
  return false;
}

// The detection agrees with the kernel's own report in /proc/cpuinfo.
// AVX-512: B rows not 64 bytes apart are packed once at least 384 rows of A share them and
// K >= 256 (N = 196 and its ragged 4-column panel); fewer rows, smaller K, and widths the
// wide tile takes (32 q + 16..19), read B in place. Each ISA must give the same results
// either way.
TEST(Sgemm, MisalignedBRowsWithManyRowsOfA) {
  for (SgemmIsa isa : test::IsasToTest()) {
    for (Shape s : std::vector<Shape>{{390, 196, 300}, {384, 196, 256}, {383, 196, 256},
                                      {400, 196, 255}, {400, 37, 260}, {385, 51, 270},
                                      {500, 100, 513}, {1000, 196, 64}}) {
      for (int threads : {1, 2}) {
        SCOPED_TRACE(test::IsaName(isa) + " " + std::to_string(s.m) + "x" + std::to_string(s.n) +
                     "x" + std::to_string(s.k) + " threads=" + std::to_string(threads));
        ThreadPool pool(threads);
        Case cs{s};
        cs.options.isa = isa;
        cs.options.threads = threads;
        cs.options.parallel_for = [&pool](int tasks, const std::function<void(int)>& task) {
          pool.ParallelFor(tasks, task);
        };
        cs.pad = s.m % 3;  // ldb = n, n + 1, n + 2
        cs.beta = threads == 1 ? 0.f : 1.f;
        cs.use_bias = true;
        cs.epilogue.act.kind = ActivationType::kRelu;
        RunCase(cs, static_cast<unsigned>(s.m + threads));
      }
    }
  }
}

TEST(CpuInfo, Avx2FmaMatchesProcCpuinfo) {
  std::set<std::string> flags;
  if (!ProcCpuinfoFlags(&flags)) GTEST_SKIP() << "no /proc/cpuinfo flags line to compare with";
  EXPECT_EQ(CpuHasAvx2Fma(), flags.count("avx2") && flags.count("fma"));
}

// AVX-512F as the kernel reports it (the kernel only lists it when it saves the zmm state).
TEST(CpuInfo, Avx512fMatchesProcCpuinfo) {
  std::set<std::string> flags;
  if (!ProcCpuinfoFlags(&flags)) GTEST_SKIP() << "no /proc/cpuinfo flags line to compare with";
  EXPECT_EQ(CpuHasAvx512f(), flags.count("avx512f") && flags.count("avx2") && flags.count("fma"));
}

}  // namespace
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
