// The activations' one vector form on NEON (lite/backends/simd/activation_vec.inc over
// VecNeon, run through lite::arm::math::Activate), every kind, by the checks every
// backend's vector form passes (activation_vec_checks.h, which states the tolerances).
#include <gtest/gtest.h>

#include "lite/backends/arm/math/activation.h"
#include "lite/tests/kernels/activation_vec_checks.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace math = lite::arm::math;

TEST(ActivationVecArm, RandomInputsAtEveryScaleAndOddLength) {
  CheckRandomInputsAtEveryScaleAndOddLength(math::Activate);
}

TEST(ActivationVecArm, DenseGridsThroughTheBranchPoints) {
  CheckDenseGridsThroughTheBranchPoints(math::Activate);
}

TEST(ActivationVecArm, ExpRangeEdges) { CheckExpRangeEdges(math::Activate); }

TEST(ActivationVecArm, SaturationAndInfinities) { CheckSaturationAndInfinities(math::Activate); }

TEST(ActivationVecArm, NanStaysNan) { CheckNanStaysNan(math::Activate); }

TEST(ActivationVecArm, BiasAndExactLength) { CheckBiasAndExactLength(math::Activate); }

TEST(ActivationVecArm, KindsWithoutAFormulaAreRejected) {
  CheckKindsWithoutAFormulaAreRejected(math::Activate);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
