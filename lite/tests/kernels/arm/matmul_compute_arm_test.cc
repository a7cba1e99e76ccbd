// matmul / matmul_v2 on ARM: the shared cases (backend_cases/matmul_vs_host.cc, which
// states the tolerance) at the ARM place, and the ARM few-row path's vector tails.
#include <gtest/gtest.h>

#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, MatMulVsHost, ::testing::Values(ArmBackend()), KernelBackendName);

// Up to 4 rows with Y not transposed take Gemv: every n and k tail (4-lane vectors,
// 16-column blocks, masked remainders); Y transposed goes through the SGEMM.
TEST(MatMulArm, FewRowsEveryTail) {
  ExpectFewRowMatMulsMatchHost(kArmPlace, {1, 3, 4, 5, 15, 16, 17, 33}, {1, 7, 9, 40});
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
