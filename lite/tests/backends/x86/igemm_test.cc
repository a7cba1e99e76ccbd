// x86 int8 GEMM (lite/backends/x86/math/gemm_int8/igemm.h): the shared cases
// (../igemm_cases.cc) on every tile this CPU runs, forced, and what kAuto picks.
#include <gtest/gtest.h>

#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm_int8/igemm.h"
#include "lite/tests/backends/igemm_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace xm = x86::math;

std::vector<IgemmBackend> X86IgemmBackends() {
  std::vector<std::pair<xm::IgemmIsa, int>> isas{{xm::IgemmIsa::kScalar, 16}};
  if (x86::CpuHasAvx2Fma()) isas.emplace_back(xm::IgemmIsa::kAvx2, 16);
  if (x86::CpuHasAvxVnni()) isas.emplace_back(xm::IgemmIsa::kAvxVnni, 16);
  if (x86::CpuHasAvx512Vnni()) isas.emplace_back(xm::IgemmIsa::kAvx512Vnni, 32);
  std::vector<IgemmBackend> backends;
  for (const auto& [isa, nr] : isas) {
    backends.push_back(BindIgemmBackend(xm::IgemmIsaName(isa), nr, isa, &xm::Igemm, &xm::Igemm,
                                        &xm::QuantizeToInt8));
  }
  return backends;
}

INSTANTIATE_TEST_SUITE_P(, IgemmCases, ::testing::ValuesIn(X86IgemmBackends()),
                         IgemmBackendName);

TEST(X86Igemm, AutoPicksTheWidestTileThisCpuHas) {
  const xm::IgemmIsa expected = x86::CpuHasAvx512Vnni() ? xm::IgemmIsa::kAvx512Vnni
                                : x86::CpuHasAvxVnni()  ? xm::IgemmIsa::kAvxVnni
                                : x86::CpuHasAvx2Fma()  ? xm::IgemmIsa::kAvx2
                                                        : xm::IgemmIsa::kScalar;
  EXPECT_EQ(xm::IgemmBestIsa(), expected);
  EXPECT_STREQ(xm::IgemmIsaName(xm::IgemmIsa::kAuto), xm::IgemmIsaName(expected));
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
