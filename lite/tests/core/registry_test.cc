#include <gtest/gtest.h>

#include <string_view>
#include <type_traits>

#include "lite/backends/simd/depthwise_plane.h"
#include "lite/backends/simd/nchwc/nchwc_depthwise_plan.h"
#include "lite/core/op_registry.h"
#include "lite/tests/core/kernelless_op.h"
#include "lite/utils/tailored_math.h"

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

// A family registration: one statement, one KernelInfo per op type, each with the place,
// alias, declared types and source file of the statement, and a touch function each (what
// the generated use list calls).
class FamilyKernel : public KernelLite<TargetType::kHost, PrecisionType::kFloat> {
 public:
  void Run() override {}
};

}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS((test_family_a, test_family_b), kHost, kFloat, kNCHW, paddle::lite::FamilyKernel, def)
    .BindInput("X", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kInt64))})
    .Finalize();
REGISTER_LITE_OPS((test_family_a, test_family_b), paddle::lite::test::KernellessOp);
USE_LITE_KERNEL(test_family_b, kHost, kFloat, kNCHW, def);
USE_LITE_OP(test_family_b);

namespace paddle {
namespace lite {

TEST(Registry, FamilyRegistrationGivesEachOpTypeItsKernel) {
  for (const char* op_type : {"test_family_a", "test_family_b"}) {
    SCOPED_TRACE(op_type);
    const auto kernels = KernelRegistry::Global().Kernels(op_type);
    ASSERT_EQ(kernels.size(), 1u);
    EXPECT_EQ(kernels[0]->key(), std::string(op_type) + ",host,float,NCHW,def");
    EXPECT_EQ(kernels[0]->source_file, "lite/tests/core/registry_test.cc");
    auto kernel = KernelRegistry::Create(*kernels[0]);
    EXPECT_EQ(kernel->op_type(), op_type);
    EXPECT_EQ(kernel->GetInputDeclType("X").precision, PrecisionType::kInt64);
    ASSERT_TRUE(OpRegistry::Global().Has(op_type));
    EXPECT_EQ(OpRegistry::Global().Create(op_type)->Type(), op_type);
    EXPECT_EQ(OpRegistry::Global().SourceFile(op_type), "lite/tests/core/registry_test.cc");
  }
}

// A kernel template at float and half precision: one statement, a KernelInfo per (op type,
// precision), each creating its own instance; arguments declared at the kernel's own
// precision follow it, the others stay as declared; a touch function each.
template <PrecisionType P>
class StorageKernel : public KernelLite<TargetType::kHost, P, DataLayoutType::kNHWC> {
 public:
  void Run() override {}
};

}  // namespace lite
}  // namespace paddle

REGISTER_LITE_KERNELS_FLOAT_AND_FP16((test_storage_a, test_storage_b), kHost, kNHWC, paddle::lite::StorageKernel, def)
    .BindInput("X", paddle::lite::KernelPrecisionType{TARGET(kHost), DATALAYOUT(kNHWC)})
    .BindInput("W", {paddle::lite::GetTensorTy(TARGET(kHost), PRECISION(kFloat))})
    .BindOutput("Out", paddle::lite::KernelPrecisionType{TARGET(kHost), DATALAYOUT(kNCHW)})
    .Finalize();
USE_LITE_KERNEL(test_storage_b, kHost, kFP16, kNHWC, def);

namespace paddle {
namespace lite {

TEST(Registry, FloatAndFp16RegistrationGivesEachPrecisionItsKernel) {
  for (const char* op_type : {"test_storage_a", "test_storage_b"}) {
    const auto kernels = KernelRegistry::Global().Kernels(op_type);
    ASSERT_EQ(kernels.size(), 2u) << op_type;
    for (const KernelInfo* info : kernels) {
      const PrecisionType p = info->place.precision;
      SCOPED_TRACE(info->key());
      EXPECT_TRUE(p == PrecisionType::kFloat || p == PrecisionType::kFP16);
      auto kernel = KernelRegistry::Create(*info);
      EXPECT_EQ(kernel->precision(), p);  // the instance is the template at that precision
      EXPECT_EQ(kernel->GetInputDeclType("X"),
                GetTensorTy(TargetType::kHost, p, DataLayoutType::kNHWC));
      EXPECT_EQ(kernel->GetInputDeclType("W"),
                GetTensorTy(TargetType::kHost, PrecisionType::kFloat));
      EXPECT_EQ(kernel->GetOutputDeclType("Out"),
                GetTensorTy(TargetType::kHost, p, DataLayoutType::kNCHW));
    }
    EXPECT_NE(kernels[0]->place.precision, kernels[1]->place.precision);
  }
}

// BindPaddleOpVersion(op, v) declares versions 0..v, (op, min, max) a range; a model's
// version outside it, for the kernel's own op type, is not implemented.
TEST(Registry, PaddleOpVersionRanges) {
  KernelRegistrar<FamilyKernel>({"test_version_a", "test_version_b"}, TargetType::kHost,
                                PrecisionType::kFloat, DataLayoutType::kNCHW, "def", __FILE__)
      .BindPaddleOpVersion("test_version_a", 2)
      .BindPaddleOpVersion("test_version_b", 1, 3)
      .Finalize();
  const KernelInfo* a = KernelRegistry::Global().Kernels("test_version_a").at(0);
  const KernelInfo* b = KernelRegistry::Global().Kernels("test_version_b").at(0);
  ASSERT_NE(a->DeclaredOpVersions(), nullptr);
  EXPECT_EQ(a->DeclaredOpVersions()->ToString(), "0..2");
  EXPECT_EQ(b->DeclaredOpVersions()->ToString(), "1..3");
  EXPECT_TRUE(a->ImplementsModelVersion({}));
  EXPECT_TRUE(a->ImplementsModelVersion({{"test_version_a", 0}, {"test_version_b", 9}}));
  EXPECT_TRUE(a->ImplementsModelVersion({{"test_version_a", 2}}));
  EXPECT_FALSE(a->ImplementsModelVersion({{"test_version_a", 3}}));
  EXPECT_FALSE(b->ImplementsModelVersion({{"test_version_b", 0}}));
  EXPECT_TRUE(b->ImplementsModelVersion({{"test_version_b", 3}}));
  EXPECT_FALSE(b->ImplementsModelVersion({{"test_version_b", 4}}));
  // Kernels that declare nothing implement every version.
  EXPECT_EQ(KernelRegistry::Global().Kernels("test_family_a").at(0)->DeclaredOpVersions(),
            nullptr);
  EXPECT_TRUE(KernelRegistry::Global().Kernels("test_family_a").at(0)->ImplementsModelVersion(
      {{"test_family_a", 7}}));

  KernelRegistrar<FamilyKernel> bad({"test_version_c"}, TargetType::kHost, PrecisionType::kFloat,
                                    DataLayoutType::kNCHW, "def", __FILE__);
  EXPECT_THROW(bad.BindPaddleOpVersion("test_version_c", 3, 2), PaddleLiteException);
  EXPECT_THROW(bad.BindPaddleOpVersion("test_version_c", -1), PaddleLiteException);
  bad.BindPaddleOpVersion("test_version_typo", 1);  // not an op type it registers
  EXPECT_THROW(bad.Finalize(), PaddleLiteException);
  EXPECT_TRUE(KernelRegistry::Global().Kernels("test_version_c").empty());
}

// What a tailored build keeps, decided at compile time from its lists (tailoring.h): a
// registration is kept when any of its op types is listed with exactly its target,
// precision, layout and alias, spelled as kernel keys are.
constexpr std::string_view kListedOps[] = {"conv2d", "feed"};
constexpr tailoring::KernelKey kListedKernels[] = {{"conv2d", "arm", "float", "NCHW", "def"},
                                                   {"slice", "host", "int32", "NCHW", "def"},
                                                   {"layout", "x86", "float", "NCHW16c", "nchw_in"}};
static_assert(tailoring::AnyOpIn(kListedOps, {"conv2d"}));
static_assert(tailoring::AnyOpIn(kListedOps, {"depthwise_conv2d", "feed"}));
static_assert(!tailoring::AnyOpIn(kListedOps, {"conv2d_transpose", "fetch"}));
static_assert(tailoring::AnyKernelIn(kListedKernels, {"conv2d"}, TARGET(kARM), PRECISION(kFloat),
                                     DATALAYOUT(kNCHW), "def"));
static_assert(tailoring::AnyKernelIn(kListedKernels, {"slice"}, TARGET(kHost), PRECISION(kInt32),
                                     DATALAYOUT(kNCHW), "def"));
static_assert(tailoring::AnyKernelIn(kListedKernels, {"layout"}, TARGET(kX86), PRECISION(kFloat),
                                     DATALAYOUT(kNCHW16c), "nchw_in"));
static_assert(!tailoring::AnyKernelIn(kListedKernels, {"slice"}, TARGET(kHost),
                                      PRECISION(kInt64), DATALAYOUT(kNCHW), "def"));
static_assert(!tailoring::AnyKernelIn(kListedKernels, {"conv2d"}, TARGET(kX86),
                                      PRECISION(kFloat), DATALAYOUT(kNCHW), "def"));
static_assert(!tailoring::AnyKernelIn(kListedKernels, {"conv2d"}, TARGET(kARM),
                                      PRECISION(kFloat), DATALAYOUT(kNCHW4c), "def"));
static_assert(!tailoring::AnyKernelIn(kListedKernels, {"layout"}, TARGET(kX86),
                                      PRECISION(kFloat), DATALAYOUT(kNCHW16c), "def"));

TEST(Tailoring, UntailoredBuildsKeepEveryRegistration) {
  EXPECT_FALSE(PLITE_TAILORED);
  EXPECT_TRUE(tailoring::OpKept({"anything"}));
  EXPECT_TRUE(tailoring::KernelKept({"anything"}, TARGET(kX86), PRECISION(kInt8),
                                    DATALAYOUT(kNHWC), "vendor"));
}

// The math specializations a tailored build keeps (tailored_math.h), matched by name; the
// names the math asks for are those the kernels' rules record.
constexpr std::string_view kListedMath[] = {"depthwise_plane_k3_s2", "nchwc_depthwise_k5_s1", ""};
static_assert(MathIn(kListedMath, simd::DepthwisePlaneSpecialization(3, 2, 2)));
static_assert(!MathIn(kListedMath, simd::DepthwisePlaneSpecialization(3, 2, 1)));
static_assert(!MathIn(kListedMath, simd::DepthwisePlaneSpecialization(5, 2, 2)));
static_assert(MathIn(kListedMath, simd::NchwcDepthwiseSpecialization(5, 1)));
static_assert(!MathIn(kListedMath, simd::NchwcDepthwiseSpecialization(3, 1)));
static_assert(std::string_view(simd::DepthwisePlaneSpecialization(7, 1, 1)).empty());
static_assert(std::string_view(simd::NchwcDepthwiseSpecialization(3, 3)).empty());

TEST(Tailoring, UntailoredBuildsKeepEveryMathSpecialization) {
  EXPECT_FALSE(PLITE_TAILORED_MATH);
  EXPECT_TRUE(MathKept("depthwise_plane_k5_s2x1"));
  EXPECT_FALSE(MathKept(""));  // the name of "no specialization"
  EXPECT_TRUE(simd::DepthwiseDirectSupports(5, 5, 2, 1, 1, 1));
  EXPECT_FALSE(simd::DepthwiseDirectSupports(7, 7, 1, 1, 1, 1));
  EXPECT_FALSE(simd::DepthwiseDirectSupports(3, 3, 1, 1, 2, 2));
}

// A skipped registration takes the declarations a kept one takes and registers nothing.
TEST(Tailoring, SkippedRegistrationsRegisterNothing) {
  static_assert(std::is_same_v<KernelRegistrarIf<false, FamilyKernel>, SkippedKernelRegistration>);
  static_assert(std::is_same_v<KernelRegistrarIf<true, FamilyKernel>, KernelRegistrar<FamilyKernel>>);
  const bool registered =
      KernelRegistrarIf<false, FamilyKernel>({"test_skipped_kernel"}, TargetType::kHost,
                                             PrecisionType::kFloat, DataLayoutType::kNCHW, "def",
                                             __FILE__)
          .BindInput("X", {GetTensorTy(TargetType::kHost)})
          .BindOutput("Out", {GetTensorTy(TargetType::kHost)})
          .Applies([](const KernelOpView&) { return true; })
          .Finalize();
  EXPECT_FALSE(registered);
  EXPECT_TRUE(KernelRegistry::Global().Kernels("test_skipped_kernel").empty());
  EXPECT_FALSE((RegisterOps<false, test::KernellessOp>({"test_skipped_op"}, __FILE__)));
  EXPECT_FALSE(OpRegistry::Global().Has("test_skipped_op"));
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
