// ARM SGEMM and Gemv (NEON): the shared cases (lite/tests/backends/sgemm_cases.cc,
// gemv_cases.cc, which state the tolerances) with the shapes around the ARM blocking.
#include <gtest/gtest.h>

#include <vector>

#include "lite/backends/arm/math/gemm/gemv.h"
#include "lite/backends/arm/math/gemm/sgemm.h"
#include "lite/tests/backends/gemm_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// Blocking: MR=8, NR=12, KC=256, MC=128, NC=1536; Gemv: 4 lanes, 16-column blocks.
GemmBackend ArmGemmBackend() {
  namespace math = arm::math;
  GemmBackend b;
  b.name = "neon";
  BindGemmEntryPoints<math::GemmEpilogue, math::SgemmOptions>(
      &math::Sgemm, &math::PackedASize, &math::PackA, &math::SgemmPacked, &math::Gemv,
      [](math::SgemmOptions*) {}, &b);
  b.block_edge_shapes = {{8, 12, 1},   {8, 12, 4},    {7, 11, 3},    {9, 13, 5},    {8, 24, 3},
                         {8, 23, 9},   {2, 2, 2},     {16, 24, 256}, {17, 25, 257}, {15, 47, 513},
                         {128, 12, 8}, {129, 19, 6},  {257, 21, 31}, {7, 1537, 5},  {8, 1550, 260},
                         {5, 36, 17},  {4, 3080, 12}, {14, 14, 300}, {6, 83, 9},    {10, 99, 3}};
  b.activation_max_products = 300000;  // qemu's time
  b.random_shapes = 30;
  b.random_dim_max = 150;
  b.gemv_widths = {1, 3, 4, 5, 15, 16, 17, 31, 33, 100};
  return b;
}

INSTANTIATE_TEST_SUITE_P(, SgemmCases, ::testing::Values(ArmGemmBackend()), GemmBackendName);
INSTANTIATE_TEST_SUITE_P(, GemvCases, ::testing::Values(ArmGemmBackend()), GemmBackendName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
