// The standalone activation ops on x86: the shared cases (backend_cases/activation_vs_host.cc,
// which states the tolerance) at the x86 place, and the registrations' CPU requirement.
#include <gtest/gtest.h>

#include <string>

#include "lite/tests/kernels/activation_reference.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, ActivationVsHost, ::testing::Values(X86Backend()), KernelBackendName);

using ActivationX86 = X86KernelTest;

TEST_F(ActivationX86, AreRegisteredWithTheCpuRequirement) {
  for (const std::string& op : FusableActivationTypes()) ExpectX86KernelRequiresAvx2Fma(op);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
