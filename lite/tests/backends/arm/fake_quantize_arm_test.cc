// The NEON per-tensor fake quantization (lite/backends/arm/math/fake_quantize.h) on the
// shared cases (../fake_quantize_cases.h): the host reference's bits.
#include <gtest/gtest.h>

#include "lite/backends/arm/math/fake_quantize.h"
#include "lite/tests/backends/fake_quantize_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

TEST(FakeQuantizeNeon, GivesTheHostReferenceBits) {
  ExpectFakeQuantizeGivesTheHostBits(arm::math::FakeQuantize);
}

TEST(FakeQuantizeNeon, TiesRoundAsAsked) {
  ExpectFakeQuantizeTiesRoundAsAsked(arm::math::FakeQuantize);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
