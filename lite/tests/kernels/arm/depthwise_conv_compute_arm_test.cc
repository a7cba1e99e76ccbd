// depthwise_conv2d on ARM: the shared cases (backend_cases/depthwise_conv_vs_host.cc, which
// states the tolerance) at the ARM place, and the NEON direct path at every output width
// around its 4-lane blocks.
#include <gtest/gtest.h>

#include "lite/backends/arm/math/depthwise/depthwise_conv.h"
#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/depthwise_plane_errors.h"

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

// A filter no direct loop takes: an error naming the entry point and the filter.
TEST(DepthwiseArm, UnsupportedFilterIsNamed) {
  ExpectUnsupportedDepthwiseFiltersNamed(lite::arm::math::DepthwiseConvPlane,
                                         lite::arm::math::DepthwiseConvPlanes);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
