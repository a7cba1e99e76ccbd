// ARM int8 GEMM (lite/backends/arm/math/gemm_int8/igemm.h): the shared cases
// (../igemm_cases.cc) on the armv8.0 NEON tile and, where the CPU has it, the sdot tile
// (qemu-aarch64's default CPU has it; tools/run_arm_tests.sh).
#include <gtest/gtest.h>

#include <vector>

#include "lite/backends/arm/cpu_info.h"
#include "lite/backends/arm/math/gemm_int8/igemm.h"
#include "lite/tests/backends/igemm_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace am = arm::math;

std::vector<IgemmBackend> ArmIgemmBackends() {
  std::vector<IgemmBackend> backends{BindIgemmBackend(
      "neon", 8, am::IgemmIsa::kNeon, &am::Igemm, &am::Igemm, &am::QuantizeToInt8)};
  if (arm::CpuHasDotProd()) {
    backends.push_back(BindIgemmBackend("dotprod", 12, am::IgemmIsa::kDotProd, &am::Igemm,
                                        &am::Igemm, &am::QuantizeToInt8));
  }
  return backends;
}

INSTANTIATE_TEST_SUITE_P(, IgemmCases, ::testing::ValuesIn(ArmIgemmBackends()),
                         IgemmBackendName);

TEST(ArmIgemm, AutoPicksDotProductWhereTheCpuHasIt) {
  EXPECT_EQ(am::IgemmBestIsa(),
            arm::CpuHasDotProd() ? am::IgemmIsa::kDotProd : am::IgemmIsa::kNeon);
  if (!arm::CpuHasDotProd()) {
    std::vector<int8_t> a{1};
    float c = 0.f, scale = 1.f;
    am::Int8Epilogue ep;
    ep.scale = &scale;
    am::IgemmOptions options;
    options.isa = am::IgemmIsa::kDotProd;
    EXPECT_THROW(am::Igemm(1, am::PackedInt8A(1, 1, a.data(), 1), a.data(), 1, &c, 1, ep, options),
                 std::exception);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
