#include "lite/tests/kernels/x86/x86_vs_host.h"

#include "lite/backends/x86/cpu_info.h"

namespace paddle {
namespace lite {
namespace test {

void X86KernelTest::SetUp() {
  if (!lite::x86::CpuHasAvx2Fma()) {
    GTEST_SKIP() << "CPU lacks AVX2+FMA: the x86 kernels are never picked here";
  }
}

KernelBackend X86Backend() {
  return {"x86", kX86Place, &lite::x86::CpuHasAvx2Fma, "avx2+fma"};
}

void ExpectX86KernelRequiresAvx2Fma(const std::string& op_type) {
  const KernelInfo* info = FindKernel(op_type, kX86Place);
  ASSERT_NE(info, nullptr) << "no x86 kernel for " << op_type;
  EXPECT_EQ(info->cpu_feature, "avx2+fma") << op_type;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
