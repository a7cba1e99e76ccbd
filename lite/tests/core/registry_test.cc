#include <gtest/gtest.h>

#include "lite/core/op_registry.h"

namespace paddle {
namespace lite {

TEST(Registry, KernelsCarryTheirDeclaredTypes) {
  auto kernels = KernelRegistry::Global().Kernels("feed");
  ASSERT_FALSE(kernels.empty());
  const KernelInfo* feed = kernels[0];
  EXPECT_EQ(feed->key(), "feed,host,any,any,def");
  EXPECT_EQ(feed->provider, "builtin");
  auto kernel = KernelRegistry::Create(*feed);
  EXPECT_EQ(kernel->GetOutputDeclType("Out").precision, PrecisionType::kAny);
  // An argument the kernel did not bind takes the kernel's own place.
  EXPECT_EQ(kernel->GetInputDeclType("Unbound").target, TargetType::kHost);
  EXPECT_EQ(KernelRegistry::Global().Find("feed,host,any,any,def"), feed);
}

TEST(Registry, UnknownOpIsAClearError) {
  try {
    OpRegistry::Global().Create("no_such_op");
    FAIL();
  } catch (const PaddleLiteException& e) {
    EXPECT_NE(std::string(e.what()).find("op 'no_such_op' is not supported"), std::string::npos);
  }
}

TEST(Registry, DuplicateKernelIsRejected) {
  KernelInfo info = *KernelRegistry::Global().Kernels("feed")[0];
  EXPECT_THROW(KernelRegistry::Global().Register(info), PaddleLiteException);
}

TEST(TypeSystem, CpuTargetsShareMemoryAndAnyMatches) {
  EXPECT_TRUE(TargetCompatible(TargetType::kHost, TargetType::kX86));
  EXPECT_FALSE(TargetCompatible(TargetType::kHost, TargetType::kOpenCL));
  EXPECT_TRUE(TypeCompatible(GetTensorTy(TargetType::kHost, PrecisionType::kAny),
                             GetTensorTy(TargetType::kHost, PrecisionType::kInt64)));
  EXPECT_FALSE(TypeCompatible(GetTensorTy(TargetType::kHost, PrecisionType::kFloat),
                              GetTensorTy(TargetType::kHost, PrecisionType::kInt64)));
}

}  // namespace lite
}  // namespace paddle
