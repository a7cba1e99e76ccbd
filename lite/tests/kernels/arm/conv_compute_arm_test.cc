// conv2d on ARM: the shared cases (backend_cases/conv_vs_host.cc, which states the
// tolerance) at the ARM place, and images around the ARM im2col block.
#include <gtest/gtest.h>

#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, Conv2dVsHost, ::testing::Values(ArmBackend()), KernelBackendName);

// Unfolded columns larger than one block (128 KB): 144 x 48 floats per output row, 4 rows a
// block, 12 blocks; 10 rows: 3 blocks both threads share; a 100 x 98 stem.
TEST(Conv2dArm, LargeImagesUnfoldInRowBlocks) {
  ExpectRowBlockedConvsMatchHost(kArmPlace, 20, 48, 10, 100, 98);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
