// The x86 kernel tests' runner: the shared backend-vs-host runner (kernel_vs_host.h) at the
// x86 places, the skip on CPUs without AVX2+FMA, and the x86 backend of the case suites.
#pragma once

#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

inline const Place kX86Place(TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW);
inline const Place kX86BlockedPlace(TargetType::kX86, PrecisionType::kFloat,
                                    DataLayoutType::kNCHW16c);

// Skips every test of the fixture on CPUs without AVX2+FMA: there the x86 kernels are never
// picked.
class X86KernelTest : public ::testing::Test {
 protected:
  void SetUp() override;
};

// The x86 NCHW kernels for the case suites (backend_cases/): they ask for AVX2+FMA, and
// skip without it.
KernelBackend X86Backend();

// The x86 kernel of `op_type` is registered and asks for AVX2+FMA.
void ExpectX86KernelRequiresAvx2Fma(const std::string& op_type);

// The NCHW16c reorders of the reference.
inline std::vector<float> ToBlocked(const std::vector<float>& nchw, const DDim& dims) {
  return ToBlocked(nchw, dims, DataLayoutType::kNCHW16c);
}
inline std::vector<float> FromBlocked(const float* blocked, const DDim& dims) {
  return FromBlocked(blocked, dims, DataLayoutType::kNCHW16c);
}

// ExpectKernelMatchesHost at the x86 place.
inline void ExpectX86MatchesHost(const OpCase& op_case, Tolerance tol, int threads = 1,
                                 int x86_runs = 2) {
  ExpectKernelMatchesHost(op_case, kX86Place, tol, threads, x86_runs);
}

// ExpectBlockedKernelMatchesHost for the x86 NCHW16c kernel of `alias`.
inline void ExpectBlockedMatchesHost(const OpCase& op_case, const std::vector<std::string>& blocked,
                                     Tolerance tol, int threads = 1,
                                     const std::string& alias = "def", int x86_runs = 2) {
  ExpectBlockedKernelMatchesHost(op_case, kX86BlockedPlace, blocked, tol, threads, alias,
                                 x86_runs);
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
