// elementwise ops on ARM: the shared cases (backend_cases/elementwise_vs_host.cc, which
// states the tolerance) at the ARM place, and the registrations: float (and, in fp16
// builds, fp16: elementwise_fp16_arm_test) kernels for add/sub/mul/div/max/min, the int
// kernels and the other ops left to host.
#include <gtest/gtest.h>

#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, ElementwiseVsHost, ::testing::Values(ArmBackend()),
                         KernelBackendName);

const char* const kArmOps[] = {"elementwise_add", "elementwise_sub", "elementwise_mul",
                               "elementwise_div", "elementwise_max", "elementwise_min"};

TEST(ElementwiseArm, FloatAndFp16KernelsAndHostForTheOtherOps) {
  for (const char* op : kArmOps) EXPECT_NE(FindKernel(op, kArmPlace), nullptr) << op;
  for (const char* op : {"elementwise_pow", "elementwise_floordiv", "elementwise_mod"}) {
    EXPECT_EQ(FindKernel(op, kArmPlace), nullptr) << op;
  }
  for (const char* op : kArmOps) {
    for (const KernelInfo* k : KernelRegistry::Global().Kernels(op)) {
      if (k->place.target == TargetType::kARM) {
        EXPECT_TRUE(k->place.precision == PrecisionType::kFloat ||
                    k->place.precision == PrecisionType::kFP16)
            << op << " " << k->place.DebugString();
      }
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
