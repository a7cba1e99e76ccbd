#include "lite/tests/kernels/arm/arm_fp16_vs_host.h"

#include <algorithm>
#include <cmath>

#include "lite/utils/float16.h"

namespace paddle {
namespace lite {
namespace test {

std::vector<float> RoundedToFp16(const std::vector<float>& values) {
  std::vector<float> out;
  out.reserve(values.size());
  for (float v : values) out.push_back(HalfToFloat(FloatToHalf(v)));
  return out;
}

void FillFp16(KernelRun* run, const std::string& name, const DDim& dims,
              const std::vector<float>& values) {
  Tensor* t = run->scope()->Var(name)->GetMutable<Tensor>();
  t->Resize(dims);
  t->set_layout(DataLayoutType::kNCHW);
  float16* p = t->mutable_data<float16>();
  for (size_t i = 0; i < values.size(); ++i) p[i] = FloatToHalf(values[i]);
}

std::vector<float> FloatValues(const Tensor& t) {
  if (t.precision() != PrecisionType::kFP16) return ToVector(t);
  std::vector<float> out(static_cast<size_t>(t.numel()));
  for (size_t i = 0; i < out.size(); ++i) out[i] = HalfToFloat(t.data<float16>()[i]);
  return out;
}

void ExpectFp16KernelMatchesHost(const OpCase& op_case, const std::vector<std::string>& fp16_inputs,
                                 float rtol, int threads, int runs) {
  KernelRun host(op_case, kHostPlace, 1);
  KernelRun fp16(op_case, kArmFp16Place, threads);
  for (const OpCase::Value& v : op_case.inputs()) {
    if (std::find(fp16_inputs.begin(), fp16_inputs.end(), v.name) == fp16_inputs.end()) continue;
    host.Fill(v.name, v.dims, RoundedToFp16(v.values));
    FillFp16(&fp16, v.name, v.dims, v.values);
  }
  host.Run();
  for (int run = 0; run < runs; ++run) {
    SCOPED_TRACE("fp16 run " + std::to_string(run + 1) + " threads " + std::to_string(threads));
    fp16.Run();
    for (const std::string& name : op_case.outputs()) {
      SCOPED_TRACE("output " + name);
      const Tensor& got = fp16.Var(name);
      const Tensor& want = host.Var(name);
      ASSERT_EQ(got.dims(), want.dims());
      EXPECT_EQ(got.precision(), PrecisionType::kFP16);
      const std::vector<float> expected = ToVector(want);
      float range = 1.f;
      for (float v : expected) range = std::max(range, std::fabs(v));
      ExpectAllNear(FloatValues(got), expected, rtol * range);
    }
  }
}

void ExpectFp16RerunMatchesHost(const OpCase& op_case, const std::string& x, const DDim& first,
                                const DDim& second, uint32_t seed) {
  KernelRun fp16(op_case, kArmFp16Place);
  FillFp16(&fp16, x, first, RandomVector(first.production(), -2.f, 2.f, seed));
  fp16.Run();
  const std::vector<float> values = RandomVector(second.production(), -2.f, 2.f, seed + 1);
  FillFp16(&fp16, x, second, values);
  fp16.Run();
  KernelRun host(op_case, kHostPlace);
  host.Fill(x, second, RoundedToFp16(values));
  host.Run();
  for (const std::string& name : op_case.outputs()) {
    SCOPED_TRACE("output " + name + " after " + x + " went from " + first.repr() + " to " +
                 second.repr());
    ASSERT_EQ(fp16.Var(name).dims(), host.Var(name).dims());
    const std::vector<float> want = ToVector(host.Var(name));
    float range = 1.f;
    for (float v : want) range = std::max(range, std::fabs(v));
    ExpectAllNear(FloatValues(fp16.Var(name)), want, kFp16Rtol * range);
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
