// elementwise ops on x86: the shared cases (backend_cases/elementwise_vs_host.cc, which
// states the tolerance) at the x86 place, and the registrations' CPU requirement.
#include <gtest/gtest.h>

#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, ElementwiseVsHost, ::testing::Values(X86Backend()),
                         KernelBackendName);

using ElementwiseX86 = X86KernelTest;

TEST_F(ElementwiseX86, AreRegisteredWithTheCpuRequirement) {
  for (const char* op :
       {"elementwise_add", "elementwise_sub", "elementwise_mul", "elementwise_div"}) {
    ExpectX86KernelRequiresAvx2Fma(op);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
