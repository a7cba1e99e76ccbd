// The x86 int8 conv2d's im2col + GEMM path (host::Int8GemmConv over x86's int8 GEMM, the
// best ISA this CPU has) in blocks of output rows, against a plain loop
// (lite/tests/kernels/int8_gemm_conv_cases.h says what it covers).
#include <gtest/gtest.h>

#include "lite/kernels/x86/int8_gemm.h"
#include "lite/tests/kernels/int8_gemm_conv_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

TEST(Int8GemmConvX86, Im2colBlocksMatchAPlainLoop) {
  ExpectInt8ConvBlocksMatchNaive(kernels::x86::kInt8Gemm);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
