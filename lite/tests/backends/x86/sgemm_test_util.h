// What the x86 SGEMM-family tests share: the kernels (ISAs) to force, and the activation
// references (activation_reference.h).
#pragma once

#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/tests/kernels/activation_reference.h"

namespace paddle {
namespace lite {
namespace test {

// Every kernel this CPU can run, forced one by one.
inline std::vector<x86::math::SgemmIsa> IsasToTest() {
  using x86::math::SgemmIsa;
  std::vector<SgemmIsa> isas{SgemmIsa::kScalar};
  if (x86::CpuHasAvx2Fma()) isas.push_back(SgemmIsa::kAvx2);
  if (x86::CpuHasAvx512f()) isas.push_back(SgemmIsa::kAvx512);
  return isas;
}

inline std::string IsaName(x86::math::SgemmIsa isa) {
  using x86::math::SgemmIsa;
  switch (isa) {
    case SgemmIsa::kScalar:
      return "scalar";
    case SgemmIsa::kAvx2:
      return "avx2";
    case SgemmIsa::kAvx512:
      return "avx512";
    default:
      return "auto";
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
