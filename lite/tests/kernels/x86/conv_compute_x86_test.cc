// conv2d on x86: the shared cases (backend_cases/conv_vs_host.cc, which states the
// tolerance) at the x86 place, and images around the x86 im2col block.
#include <gtest/gtest.h>

#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, Conv2dVsHost, ::testing::Values(X86Backend()), KernelBackendName);

using Conv2dX86 = X86KernelTest;

// Unfolded columns larger than one block (512 KB): 144 x 70 floats per output row, 12 rows
// per block, 6 blocks; 20 rows: 2 blocks both threads share; a 230 x 226 stem.
TEST_F(Conv2dX86, LargeImagesUnfoldInRowBlocks) {
  ExpectRowBlockedConvsMatchHost(kX86Place, 24, 70, 20, 230, 226);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
