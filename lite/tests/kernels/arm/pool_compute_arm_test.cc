// pool2d on ARM: the shared cases (backend_cases/pool_vs_host.cc, which states the
// tolerance) at the ARM place, and the NEON 2x2/3x3 stride-1/2 rows at every output width
// around the 4-lane vectors.
#include <gtest/gtest.h>

#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/pool_op_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, Pool2dVsHost, ::testing::Values(ArmBackend()), KernelBackendName);

// The vector rows end with their last vector recomputed, or run scalar below 4 outputs.
TEST(Pool2dArm, EveryWidthAroundTheVectorTail) {
  ExpectPoolRowTailsMatchHost(kArmPlace, 1, 13, [](int out_w) { return out_w % 4 < 2; }, 4000);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
