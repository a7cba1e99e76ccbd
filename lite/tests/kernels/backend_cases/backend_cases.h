// The case suites every backend with a kernel for the op runs against the host kernel: one
// file of cases per op here (<op>_vs_host.cc, which says what it covers and why its
// tolerance is what it is), compiled into each backend's test program, which runs the suite
// at its place (KernelVsHostTest, kernel_vs_host.h):
//   INSTANTIATE_TEST_SUITE_P(, ConvTransposeVsHost, ::testing::Values(X86Backend()),
//                            KernelBackendName);
// What only one backend has (a registration's CPU requirement, its own block sizes and
// vector tails) stays in that backend's test file.
#pragma once

#include <cstdint>
#include <vector>

#include "lite/tests/kernels/kernel_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

using ConvTransposeVsHost = KernelVsHostTest;  // conv_transpose_vs_host.cc
using FcVsHost = KernelVsHostTest;             // fc_vs_host.cc
using MatMulVsHost = KernelVsHostTest;         // matmul_vs_host.cc

// matmul / matmul_v2 with 1-4 rows at `place` against the host (the few-row path): every n
// of `widths` and k of `depths` (the backend's vector tails), Y transposed or not, X
// transposed in every fifth case, alpha 1 and -0.75 on each path.
void ExpectFewRowMatMulsMatchHost(const Place& place, const std::vector<int64_t>& widths,
                                  const std::vector<int64_t>& depths);

}  // namespace test
}  // namespace lite
}  // namespace paddle
