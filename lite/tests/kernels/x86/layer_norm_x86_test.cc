// layer_norm on x86: the shared cases (backend_cases/layer_norm_vs_host.cc, which states
// the tolerance) at the x86 place, and the registration's CPU requirement.
#include <gtest/gtest.h>

#include "lite/tests/kernels/backend_cases/backend_cases.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, LayerNormVsHost, ::testing::Values(X86Backend()), KernelBackendName);

using LayerNormX86 = X86KernelTest;

TEST_F(LayerNormX86, IsRegisteredWithTheCpuRequirement) {
  ExpectX86KernelRequiresAvx2Fma("layer_norm");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
