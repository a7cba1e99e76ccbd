// concat on ARM: the shared cases (backend_cases/concat_vs_host.cc) at the ARM place, and
// only the float kernel registered (the int ones are left to host).
#include <gtest/gtest.h>

#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, ConcatVsHost, ::testing::Values(ArmBackend()), KernelBackendName);

TEST(ConcatArm, FloatKernelOnly) {
  EXPECT_NE(FindKernel("concat", kArmPlace), nullptr);
  for (const KernelInfo* k : KernelRegistry::Global().Kernels("concat")) {
    if (k->place.target == TargetType::kARM) {
      EXPECT_EQ(k->place.precision, PrecisionType::kFloat);
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
