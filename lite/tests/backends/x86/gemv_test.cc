// x86 Gemv: the shared cases (lite/tests/backends/gemv_cases.cc, which states the
// tolerance) on each kernel the CPU can run (portable, AVX2, AVX-512), forced, with the
// widths around the x86 vector blocks (sgemm_test_util.h).
#include <gtest/gtest.h>

#include "lite/tests/backends/gemm_cases.h"
#include "lite/tests/backends/x86/sgemm_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, GemvCases, ::testing::ValuesIn(X86GemmBackends()), GemmBackendName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
