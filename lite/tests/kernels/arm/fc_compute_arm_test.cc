// fc on ARM: the shared cases (backend_cases/fc_vs_host.cc, which states the tolerance) at
// the ARM place.
#include <gtest/gtest.h>

#include "lite/tests/kernels/arm/arm_vs_host.h"
#include "lite/tests/kernels/backend_cases/backend_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

INSTANTIATE_TEST_SUITE_P(, FcVsHost, ::testing::Values(ArmBackend()), KernelBackendName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
