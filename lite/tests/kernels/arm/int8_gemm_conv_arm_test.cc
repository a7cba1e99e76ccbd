// The ARM int8 conv2d's im2col + GEMM path (host::Int8GemmConv over ARM's int8 GEMM: sdot
// where the CPU has it, else plain NEON) in blocks of output rows, against a plain loop
// (lite/tests/kernels/int8_gemm_conv_cases.h says what it covers).
#include <gtest/gtest.h>

#include "lite/kernels/arm/int8_gemm.h"
#include "lite/tests/kernels/int8_gemm_conv_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

TEST(Int8GemmConvArm, Im2colBlocksMatchAPlainLoop) {
  ExpectInt8ConvBlocksMatchNaive(kernels::arm::kInt8Gemm);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
