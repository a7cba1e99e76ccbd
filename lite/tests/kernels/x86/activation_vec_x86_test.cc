// The activations' one x86 vector form (lite/backends/simd/activation_vec.inc, run
// through math::Activate) on AVX2 and on AVX-512, every kind, by the checks every backend's
// vector form passes (activation_vec_checks.h, which states the tolerances).
#include <gtest/gtest.h>

#include "lite/backends/x86/math/vec/activation.h"
#include "lite/tests/kernels/activation_vec_checks.h"
#include "lite/tests/kernels/x86/isa_switch_test.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace math = lite::x86::math;

using ActivationVecX86 = IsaSwitchTest<math::ActivateAllowAvx512, math::ActivateUsesAvx512>;

TEST_P(ActivationVecX86, RandomInputsAtEveryScaleAndOddLength) {
  CheckRandomInputsAtEveryScaleAndOddLength(math::Activate);
}

TEST_P(ActivationVecX86, DenseGridsThroughTheBranchPoints) {
  CheckDenseGridsThroughTheBranchPoints(math::Activate);
}

TEST_P(ActivationVecX86, ExpRangeEdges) { CheckExpRangeEdges(math::Activate); }

TEST_P(ActivationVecX86, SaturationAndInfinities) { CheckSaturationAndInfinities(math::Activate); }

TEST_P(ActivationVecX86, NanStaysNan) { CheckNanStaysNan(math::Activate); }

TEST_P(ActivationVecX86, BiasAndExactLength) { CheckBiasAndExactLength(math::Activate); }

TEST_P(ActivationVecX86, KindsWithoutAFormulaAreRejected) {
  CheckKindsWithoutAFormulaAreRejected(math::Activate);
}

INSTANTIATE_TEST_SUITE_P(Isa, ActivationVecX86, ::testing::Bool(), IsaParamName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
