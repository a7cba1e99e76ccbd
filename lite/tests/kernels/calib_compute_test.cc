// calib / calib_once host kernels: each conversion with hand-checked rounding, and the
// registrations' declared types.
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// The host calib kernel registered for `op` with exactly this (from, to) signature (ARM
// fp16 builds register ARM ones beside them: calib_fp16_arm_test).
const KernelInfo* FindCalib(const std::string& op, PrecisionType from, PrecisionType to) {
  for (const KernelInfo* k : KernelRegistry::Global().Kernels(op)) {
    if (k->place.target == TargetType::kHost && k->inputs.at("Input").precision == from &&
        k->outputs.at("Out").precision == to) {
      return k;
    }
  }
  return nullptr;
}

template <typename From, typename To>
std::vector<To> RunCalib(const std::string& op, const std::vector<From>& values,
                         DataLayoutType layout = DataLayoutType::kNCHW) {
  const PrecisionType from = PrecisionTypeTrait<From>::value;
  const PrecisionType to = PrecisionTypeTrait<To>::value;
  const KernelInfo* info = FindCalib(op, from, to);
  EXPECT_NE(info, nullptr) << op << " " << lite_api::PrecisionToStr(from) << " -> "
                           << lite_api::PrecisionToStr(to);
  if (!info) return {};

  Scope scope;
  Tensor* in = scope.Var("in")->GetMutable<Tensor>();
  in->Resize(DDim({static_cast<int64_t>(values.size())}));
  std::memcpy(in->mutable_data<From>(), values.data(), values.size() * sizeof(From));
  in->set_layout(layout);
  in->set_lod({{0, values.size()}});
  Tensor* out = scope.Var("out")->GetMutable<Tensor>();
  cpp::OpDesc desc(op);
  desc.SetInput("Input", {"in"});
  desc.SetOutput("Out", {"out"});
  auto op_ptr = OpRegistry::Global().Create(op);
  op_ptr->Attach(desc, &scope);
  auto kernel = KernelRegistry::Create(*info);
  op_ptr->AttachKernel(kernel.get());
  KernelContext ctx;
  kernel->SetContext(&ctx);
  op_ptr->InferShape();
  kernel->Launch();

  EXPECT_EQ(out->dims(), in->dims());
  EXPECT_EQ(out->lod(), in->lod());
  EXPECT_EQ(out->precision(), to);
  EXPECT_EQ(out->layout(), layout);
  const To* p = out->data<To>();
  return std::vector<To>(p, p + out->numel());
}

class Calib : public ::testing::TestWithParam<std::string> {};

TEST_P(Calib, Fp32ToInt32RoundsToNearestHalfAwayFromZero) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ((RunCalib<float, int32_t>(
                GetParam(), {0.f, 1.4f, 1.5f, 2.5f, -1.5f, -2.5f, -0.4f, 1e10f, -1e10f, nan})),
            (std::vector<int32_t>{0, 1, 2, 3, -2, -3, 0, std::numeric_limits<int32_t>::max(),
                                  std::numeric_limits<int32_t>::min(), 0}));
}

TEST_P(Calib, Fp32ToInt64) {
  EXPECT_EQ((RunCalib<float, int64_t>(GetParam(), {2.5f, -7.6f, 1099511627776.f, 0.49f})),
            (std::vector<int64_t>{3, -8, int64_t{1} << 40, 0}));
}

TEST_P(Calib, Int32ToFp32) {
  // 16777217 = 2^24 + 1 is not a float: ties to even gives 2^24.
  EXPECT_EQ((RunCalib<int32_t, float>(GetParam(), {0, -3, 123456, 16777217})),
            (std::vector<float>{0.f, -3.f, 123456.f, 16777216.f}));
}

TEST_P(Calib, Int64ToFp32) {
  EXPECT_EQ((RunCalib<int64_t, float>(GetParam(), {-9, int64_t{1} << 40})),
            (std::vector<float>{-9.f, 1099511627776.f}));
}

std::vector<uint16_t> Bits(const std::vector<float16>& v) {
  std::vector<uint16_t> out;
  for (auto h : v) out.push_back(h.bits);
  return out;
}

TEST_P(Calib, Fp32ToFp16RoundsToNearestEven) {
  // fp16 bit patterns: 1.0 = 0x3C00, ulp at 1 is 2^-10; 65504 = 0x7BFF is the largest
  // finite value; 2^-24 = 0x0001 is the smallest subnormal.
  const float ulp = std::ldexp(1.f, -10);
  const auto got = RunCalib<float, float16>(
      GetParam(), {1.f, 1.f + ulp / 2, 1.f + 3 * ulp / 2, 1.f + 0.75f * ulp, -2.f, 65504.f,
                   65520.f, std::ldexp(1.f, -24), 0.f});
  EXPECT_EQ(Bits(got), (std::vector<uint16_t>{0x3C00, 0x3C00, 0x3C02, 0x3C01, 0xC000, 0x7BFF,
                                              0x7C00, 0x0001, 0x0000}));
}

TEST_P(Calib, Fp16ToFp32) {
  std::vector<float16> in(5);
  const uint16_t bits[5] = {0x3C00, 0xC000, 0x3555, 0x0001, 0x7C00};
  for (int i = 0; i < 5; ++i) in[i].bits = bits[i];
  // 0x3555 = 2^-2 * (1 + 0x155 / 1024) = 0.333251953125
  EXPECT_EQ((RunCalib<float16, float>(GetParam(), in)),
            (std::vector<float>{1.f, -2.f, 0.333251953125f, std::ldexp(1.f, -24), INFINITY}));
}

TEST_P(Calib, KeepsNhwcLayoutTag) {
  EXPECT_EQ((RunCalib<int32_t, float>(GetParam(), {1, 2}, DataLayoutType::kNHWC)),
            (std::vector<float>{1.f, 2.f}));
}

INSTANTIATE_TEST_SUITE_P(CalibAndOnce, Calib, ::testing::Values("calib", "calib_once"));

TEST(CalibRegistry, DeclaredTypesAndAliases) {
  struct Expect {
    const char* alias;
    PrecisionType from;
    PrecisionType to;
  };
  const Expect expects[] = {
      {"fp32_to_int32", PrecisionType::kFloat, PrecisionType::kInt32},
      {"int32_to_fp32", PrecisionType::kInt32, PrecisionType::kFloat},
      {"fp32_to_int64", PrecisionType::kFloat, PrecisionType::kInt64},
      {"int64_to_fp32", PrecisionType::kInt64, PrecisionType::kFloat},
      {"fp32_to_fp16", PrecisionType::kFloat, PrecisionType::kFP16},
      {"fp16_to_fp32", PrecisionType::kFP16, PrecisionType::kFloat},
  };
  for (const char* op : {"calib", "calib_once"}) {
    for (const auto& e : expects) {
      SCOPED_TRACE(std::string(op) + "/" + e.alias);
      const KernelInfo* k = FindCalib(op, e.from, e.to);
      ASSERT_NE(k, nullptr);
      EXPECT_EQ(k->alias, e.alias);
      EXPECT_EQ(k->place.target, TargetType::kHost);
      EXPECT_EQ(k->place.precision, e.to);  // registered under the output precision
      EXPECT_EQ(k->inputs.at("Input").target, TargetType::kHost);
      EXPECT_EQ(k->outputs.at("Out").target, TargetType::kHost);
    }
    int host_kernels = 0;
    for (const KernelInfo* k : KernelRegistry::Global().Kernels(op)) {
      host_kernels += k->place.target == TargetType::kHost;
    }
    EXPECT_EQ(host_kernels, 6);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
