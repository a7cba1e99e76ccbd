// concat on ARM: the shared cases (backend_cases/concat_vs_host.cc) at the ARM place, and
// only the float kernels registered (fp32, and fp16 in fp16 builds: concat_fp16_arm_test;
// the int ones are left to host), both moving data only.
#include <gtest/gtest.h>

#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, ConcatVsHost, ::testing::Values(ArmBackend()), KernelBackendName);

TEST(ConcatArm, FloatKernelsOnly) {
  EXPECT_NE(FindKernel("concat", kArmPlace), nullptr);
  for (const KernelInfo* k : KernelRegistry::Global().Kernels("concat")) {
    if (k->place.target == TargetType::kARM) {
      EXPECT_TRUE(k->place.precision == PrecisionType::kFloat ||
                  k->place.precision == PrecisionType::kFP16)
          << k->key();
      EXPECT_TRUE(k->moves_data_only) << k->key();
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
