// depthwise_conv2d on ARM: the shared cases (backend_cases/depthwise_conv_vs_host.cc, which
// states the tolerance) at the ARM place, and the NEON direct path at every output width
// around its 4-lane blocks.
#include <gtest/gtest.h>

#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, DepthwiseConvVsHost, ::testing::Values(ArmBackend()),
                         KernelBackendName);

// Output widths 1..14 around the 4-lane blocks and their border blocks, each padding side.
TEST(DepthwiseArm, EveryWidthAroundTheVectorBlocks) {
  ExpectDepthwiseWidthsMatchHost(kArmPlace, 14);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
