// The ARM kernel tests' runner: the shared backend-vs-host runner (kernel_vs_host.h) at the
// ARM place, and a comparison for outputs that hold NaN or infinities.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

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

// The same where the host's outputs are not all finite: NaN where the host has NaN, the
// same infinity where it has one, and the finite values within `tol`.
inline void ExpectArmMatchesHostNonFinite(const OpCase& op_case, Tolerance tol, int threads = 1,
                                          int runs = 2) {
  KernelRun host(op_case, kHostPlace, 1);
  KernelRun arm(op_case, kArmPlace, threads);
  host.Run();
  for (int run = 0; run < runs; ++run) {
    SCOPED_TRACE("ARM run " + std::to_string(run + 1));
    arm.Run();
    for (const std::string& name : op_case.outputs()) {
      SCOPED_TRACE("output " + name);
      ASSERT_EQ(arm.Var(name).dims(), host.Var(name).dims());
      const std::vector<float> got = ToVector(arm.Var(name)), want = ToVector(host.Var(name));
      for (size_t i = 0; i < want.size(); ++i) {
        const bool same = std::isnan(want[i])   ? std::isnan(got[i])
                          : std::isinf(want[i]) ? got[i] == want[i]
                                                : std::fabs(got[i] - want[i]) <=
                                                      tol.atol + tol.rtol * std::fabs(want[i]);
        if (!same) {
          ADD_FAILURE() << "element " << i << ": got " << got[i] << ", expected " << want[i];
          break;
        }
      }
    }
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
