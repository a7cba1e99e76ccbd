// matmul / matmul_v2 on x86: the shared cases (backend_cases/matmul_vs_host.cc, which
// states the tolerance) at the x86 place, and the x86 few-row path's vector tails.
#include <gtest/gtest.h>

#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, MatMulVsHost, ::testing::Values(X86Backend()), KernelBackendName);

using MatMulX86 = X86KernelTest;

// Up to 4 rows take the streaming path: every n and k tail (8-lane panels, 32-column
// blocks, masked remainders), Y transposed or not.
TEST_F(MatMulX86, FewRowsEveryTail) {
  ExpectFewRowMatMulsMatchHost(kX86Place, {1, 7, 8, 9, 31, 32, 33, 100}, {1, 7, 8, 9, 40});
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
