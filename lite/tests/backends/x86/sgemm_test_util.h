// What the x86 SGEMM-family tests share: the kernels (ISAs) to force, and each as a backend
// of the shared SGEMM and GEMV cases (lite/tests/backends/gemm_cases.h) with the shapes
// around the x86 blocking.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/gemv.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/tests/backends/gemm_cases.h"

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

// The portable, AVX2 and AVX-512 kernels, each forced, skipped where the CPU lacks its ISA.
// Blocking: MR=6, NR=16 (AVX2) / 32 (AVX-512), KC=256, MC=144, NC=3072.
inline std::vector<GemmBackend> X86GemmBackends() {
  namespace math = x86::math;
  using math::SgemmIsa;
  std::vector<GemmBackend> backends;
  for (SgemmIsa isa : {SgemmIsa::kScalar, SgemmIsa::kAvx2, SgemmIsa::kAvx512}) {
    GemmBackend b;
    b.name = IsaName(isa);
    if (isa == SgemmIsa::kAvx2) b.runs_here = &x86::CpuHasAvx2Fma;
    if (isa == SgemmIsa::kAvx512) b.runs_here = &x86::CpuHasAvx512f;
    BindGemmEntryPoints<math::GemmEpilogue, math::SgemmOptions>(
        &math::Sgemm, &math::PackedASize, &math::PackA, &math::SgemmPacked, &math::Gemv,
        [isa](math::SgemmOptions* options) { options->isa = isa; }, &b);
    b.block_edge_shapes = {{6, 16, 1},    {6, 16, 4},     {5, 15, 3},   {7, 17, 5},   {12, 32, 256},
                           {13, 33, 257}, {11, 47, 513},  {144, 16, 8}, {145, 19, 6}, {289, 21, 31},
                           {7, 3073, 5},  {8, 3100, 260}, {6, 32, 3},   {6, 31, 9},   {5, 33, 17},
                           {4, 3103, 12}, {14, 51, 300},  {7, 83, 9},   {5, 52, 4},   {8, 99, 3}};
    b.random_shapes = 40;
    b.random_dim_max = 170;
    // Gemv: 8 / 16 lanes, 64 / 128-column blocks.
    b.gemv_widths = {1, 7, 8, 9, 16, 17, 31, 64, 65, 127, 128, 129, 200, 1000};
    backends.push_back(std::move(b));
  }
  return backends;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
