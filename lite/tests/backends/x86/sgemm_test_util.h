// What the x86 SGEMM-family tests share: the activations written independently of the
// library, and the kernels (ISAs) to force.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/sgemm.h"

namespace paddle {
namespace lite {
namespace test {

// Paddle's activation formulas, written independently of the library (double precision).
inline double ActivateReference(double v, const x86::math::GemmEpilogue& e) {
  using x86::math::GemmActivation;
  switch (e.activation) {
    case GemmActivation::kNone:
      return v;
    case GemmActivation::kRelu:
      return std::max(v, 0.0);
    case GemmActivation::kRelu6:
      return std::min(std::max(v, 0.0), static_cast<double>(e.relu6_threshold));
    case GemmActivation::kLeakyRelu:
      return v > 0 ? v : v * e.leaky_alpha;
    case GemmActivation::kHardSwish:
      return v * std::min(std::max(v + e.hard_swish_offset, 0.0),
                          static_cast<double>(e.hard_swish_threshold)) /
             e.hard_swish_scale;
    case GemmActivation::kHardSigmoid:
      return std::min(std::max(e.hard_sigmoid_slope * v + e.hard_sigmoid_offset, 0.0), 1.0);
  }
  return v;
}

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
