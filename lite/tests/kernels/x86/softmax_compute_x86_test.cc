// softmax on x86: the shared cases (backend_cases/softmax_vs_host.cc, which states the
// tolerance) at the x86 place.
#include <gtest/gtest.h>

#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, SoftmaxVsHost, ::testing::Values(X86Backend()), KernelBackendName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
