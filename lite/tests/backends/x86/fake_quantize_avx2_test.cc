// The AVX2 per-tensor fake quantization (lite/backends/x86/math/vec/fake_quantize_avx2.h)
// on the shared cases (../fake_quantize_cases.h): the host reference's bits.
#include <gtest/gtest.h>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/vec/fake_quantize_avx2.h"
#include "lite/tests/backends/fake_quantize_cases.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

TEST(FakeQuantizeAvx2, GivesTheHostReferenceBits) {
  if (!x86::CpuHasAvx2Fma()) GTEST_SKIP() << "this CPU lacks AVX2/FMA";
  ExpectFakeQuantizeGivesTheHostBits(x86::math::FakeQuantizeAvx2);
}

TEST(FakeQuantizeAvx2, TiesRoundAsAsked) {
  if (!x86::CpuHasAvx2Fma()) GTEST_SKIP() << "this CPU lacks AVX2/FMA";
  ExpectFakeQuantizeTiesRoundAsAsked(x86::math::FakeQuantizeAvx2);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
