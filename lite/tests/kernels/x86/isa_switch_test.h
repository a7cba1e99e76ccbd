// A fixture run once per instruction set of an x86 math module that has an AVX-512 switch
// (math::<Module>AllowAvx512 / <Module>UsesAvx512): GetParam() false forces the module's
// AVX2 code, true allows AVX-512 and skips on a CPU without it; TearDown allows it again.
//   class DepthwiseNchwcX86
//       : public IsaSwitchTest<math::NchwcDepthwiseAllowAvx512,
//                              math::NchwcDepthwiseUsesAvx512> {};
//   INSTANTIATE_TEST_SUITE_P(Isa, DepthwiseNchwcX86, ::testing::Bool(), IsaParamName);
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {

template <void (*Allow)(bool), bool (*Uses)()>
class IsaSwitchTest : public X86KernelTest, public ::testing::WithParamInterface<bool> {
 protected:
  void SetUp() override {
    X86KernelTest::SetUp();
    if (IsSkipped()) return;
    Allow(GetParam());
    if (GetParam() && !Uses()) GTEST_SKIP() << "CPU lacks AVX-512F";
  }
  void TearDown() override { Allow(true); }
};

// "Avx2" / "Avx512": the parameter's part of the test names.
inline std::string IsaParamName(const ::testing::TestParamInfo<bool>& info) {
  return info.param ? "Avx512" : "Avx2";
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
