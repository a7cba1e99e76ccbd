// The ARM kernel tests' runner: the shared backend-vs-host runner (kernel_vs_host.h) at the
// ARM place, and the ARM backend of the case suites.
#pragma once

#include "lite/tests/kernels/kernel_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

inline const Place kArmPlace(TargetType::kARM, PrecisionType::kFloat, DataLayoutType::kNCHW);

// ExpectKernelMatchesHost at the ARM place.
inline void ExpectArmMatchesHost(const OpCase& op_case, Tolerance tol, int threads = 1,
                                 int runs = 2) {
  ExpectKernelMatchesHost(op_case, kArmPlace, tol, threads, runs);
}

// The ARM kernels for the case suites (backend_cases/): every aarch64 CPU runs them, and
// their registrations ask for no CPU feature.
inline KernelBackend ArmBackend() { return {"arm", kArmPlace, nullptr, ""}; }

}  // namespace test
}  // namespace lite
}  // namespace paddle
