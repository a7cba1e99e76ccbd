// The case suites every backend with a kernel for the op runs against the host kernel: one
// file of cases per op here (<op>_vs_host.cc, which says what it covers and why its
// tolerance is what it is), compiled into each backend's test program, which runs the suite
// at its place (KernelVsHostTest, kernel_vs_host.h):
//   INSTANTIATE_TEST_SUITE_P(, ConvTransposeVsHost, ::testing::Values(X86Backend()),
//                            KernelBackendName);
// What only one backend has (its own block sizes and vector tails, sized through the
// helpers below, each defined beside its op's cases) stays in that backend's test file.
#pragma once

#include <cstdint>
#include <vector>

#include "lite/tests/kernels/kernel_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

using ActivationVsHost = KernelVsHostTest;     // activation_vs_host.cc
using ConcatVsHost = KernelVsHostTest;         // concat_vs_host.cc
using Conv2dVsHost = KernelVsHostTest;         // conv_vs_host.cc
using ConvTransposeVsHost = KernelVsHostTest;  // conv_transpose_vs_host.cc
using DepthwiseConvVsHost = KernelVsHostTest;  // depthwise_conv_vs_host.cc
using ElementwiseVsHost = KernelVsHostTest;    // elementwise_vs_host.cc
using FcVsHost = KernelVsHostTest;             // fc_vs_host.cc
using LayerNormVsHost = KernelVsHostTest;      // layer_norm_vs_host.cc
using MatMulVsHost = KernelVsHostTest;         // matmul_vs_host.cc
using Pool2dVsHost = KernelVsHostTest;         // pool_vs_host.cc
using SoftmaxVsHost = KernelVsHostTest;        // softmax_vs_host.cc

// conv2d at `place` against the host where the unfolded columns span several of the
// backend's im2col blocks (blocks of output rows): a 3x3 conv (16 -> out_c channels, pad 1,
// bias, relu) on an hw x hw image, many blocks, at 1 and 2 threads (each thread takes whole
// blocks); the same with few_h rows, a few blocks both threads share; and a 7x7 stride-2
// stem over 3 channels on a stem_h x stem_w image at 1 and 2 threads.
void ExpectRowBlockedConvsMatchHost(const Place& place, int out_c, int hw, int few_h,
                                    int stem_h, int stem_w);

// depthwise_conv2d at `place` against the host on every output width 1..max_out_w (around
// the backend's vector blocks and their border blocks), 3x3 and 5x5 at stride 1 and 2,
// each padding side, asymmetric on every other width.
void ExpectDepthwiseWidthsMatchHost(const Place& place, int max_out_w);

// matmul / matmul_v2 with 1-4 rows at `place` against the host (the few-row path): every n
// of `widths` and k of `depths` (the backend's vector tails), Y transposed or not, X
// transposed in every fifth case, alpha 1 and -0.75 on each path.
void ExpectFewRowMatMulsMatchHost(const Place& place, const std::vector<int64_t>& widths,
                                  const std::vector<int64_t>& depths);

}  // namespace test
}  // namespace lite
}  // namespace paddle
