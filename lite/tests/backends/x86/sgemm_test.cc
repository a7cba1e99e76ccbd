// x86 SGEMM: the shared cases (lite/tests/backends/sgemm_cases.cc) on each kernel the CPU
// can run (portable, AVX2, AVX-512), forced, with the shapes around the x86 blocking
// (sgemm_test_util.h); and what only x86 has: the packed-B path for B rows a multiple of 4 KB
// apart or misaligned under many rows of A, forcing an ISA the CPU lacks, and the CPU
// detection against /proc/cpuinfo. The tolerance is the shared cases' (sgemm_cases.cc).
#include "lite/backends/x86/math/gemm/sgemm.h"

#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/thread_pool.h"
#include "lite/tests/backends/gemm_cases.h"
#include "lite/tests/backends/x86/sgemm_test_util.h"
#include "lite/utils/exception.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, SgemmCases, ::testing::ValuesIn(X86GemmBackends()), GemmBackendName);

using SgemmX86 = GemmBackendTest;
INSTANTIATE_TEST_SUITE_P(, SgemmX86, ::testing::ValuesIn(X86GemmBackends()), GemmBackendName);

// Rows of B a multiple of 4 KB apart take the packed-B path (others read B in place).
TEST_P(SgemmX86, PackedBPathForAlignedLdb) {
  for (GemmShape s : std::vector<GemmShape>{{13, 1000, 40}, {7, 1023, 300}, {20, 1010, 9},
                                            {9, 1009, 270}, {8, 1011, 5}}) {
    SCOPED_TRACE(Label(s));
    SgemmCase cs{s};
    cs.pad = 1024 - s.n;  // ldb = 1024
    cs.beta = 1.f;
    cs.use_bias = true;
    cs.call.act.kind = ActivationType::kRelu6;
    RunSgemmCase(backend(), cs);
  }
  RunSgemmCase(backend(), SgemmCase{{30, 1024, 70}});
}

// AVX-512: B rows not 64 bytes apart are packed once at least 384 rows of A share them and
// K >= 256 (N = 196 and its ragged 4-column panel); fewer rows, smaller K, and widths the
// wide tile takes (32 q + 16..19), read B in place. Each ISA must give the same results
// either way.
TEST_P(SgemmX86, MisalignedBRowsWithManyRowsOfA) {
  for (GemmShape s : std::vector<GemmShape>{{390, 196, 300}, {384, 196, 256}, {383, 196, 256},
                                            {400, 196, 255}, {400, 37, 260}, {385, 51, 270},
                                            {500, 100, 513}, {1000, 196, 64}}) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE(Label(s) + " threads=" + std::to_string(threads));
      ThreadPool pool(threads);
      SgemmCase cs{s};
      cs.call.threads = threads;
      cs.call.parallel_for = [&pool](int tasks, const std::function<void(int)>& task) {
        pool.ParallelFor(tasks, task);
      };
      cs.pad = s.m % 3;  // ldb = n, n + 1, n + 2
      cs.beta = threads == 1 ? 0.f : 1.f;
      cs.use_bias = true;
      cs.call.act.kind = ActivationType::kRelu;
      RunSgemmCase(backend(), cs, static_cast<unsigned>(s.m + threads));
    }
  }
}

TEST(SgemmIsa, ForcingAnIsaTheCpuLacksThrows) {
  namespace math = x86::math;
  std::vector<float> a(16, 1.f), b(16, 1.f), c(16, 0.f);
  math::SgemmOptions avx2;
  avx2.isa = math::SgemmIsa::kAvx2;
  if (!x86::CpuHasAvx2Fma()) {
    EXPECT_THROW(math::Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4, {}, avx2),
                 lite_api::PaddleLiteException);
  }
  math::SgemmOptions avx512;
  avx512.isa = math::SgemmIsa::kAvx512;
  if (!x86::CpuHasAvx512f()) {
    EXPECT_THROW(
        math::Sgemm(4, 4, 4, 1.f, a.data(), 4, b.data(), 4, 0.f, c.data(), 4, {}, avx512),
        lite_api::PaddleLiteException);
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
TEST(CpuInfo, Avx2FmaMatchesProcCpuinfo) {
  std::set<std::string> flags;
  if (!ProcCpuinfoFlags(&flags)) GTEST_SKIP() << "no /proc/cpuinfo flags line to compare with";
  EXPECT_EQ(x86::CpuHasAvx2Fma(), flags.count("avx2") && flags.count("fma"));
}

// AVX-512F as the kernel reports it (the kernel only lists it when it saves the zmm state).
TEST(CpuInfo, Avx512fMatchesProcCpuinfo) {
  std::set<std::string> flags;
  if (!ProcCpuinfoFlags(&flags)) GTEST_SKIP() << "no /proc/cpuinfo flags line to compare with";
  EXPECT_EQ(x86::CpuHasAvx512f(),
            flags.count("avx512f") && flags.count("avx2") && flags.count("fma"));
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
