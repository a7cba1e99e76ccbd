#include "lite/tests/kernels/kernel_test_util.h"

#include <algorithm>
#include <cmath>

#if PLITE_TEST_WITH_X86
#include "lite/backends/x86/cpu_info.h"
#endif

namespace paddle {
namespace lite {
namespace test {

Tensor* OpRunner::SetInput(const std::string& param, const std::string& name, const DDim& dims,
                           const std::vector<float>& values) {
  auto args = desc_.Input(param);
  args.push_back(name);
  desc_.SetInput(param, args);
  Tensor* t = Var(name);
  t->Resize(dims);
  EXPECT_EQ(static_cast<int64_t>(values.size()), dims.production()) << name;
  // std::copy: an empty vector's data() may be null, which memcpy must not be given.
  std::copy(values.begin(), values.end(), t->mutable_data<float>());
  return t;
}

Tensor* OpRunner::SetOutput(const std::string& param, const std::string& name) {
  auto args = desc_.Output(param);
  args.push_back(name);
  desc_.SetOutput(param, args);
  return Var(name);
}

void OpRunner::Attach() {
  op_ = OpRegistry::Global().Create(desc_.Type());
  op_->Attach(desc_, &scope_);
}

void OpRunner::InferShapeOnly() {
  Attach();
  op_->InferShape();
}

void OpRunner::Run(const Place& place) {
  Attach();
  const KernelInfo* info = FindKernel(desc_.Type(), place);
  PLITE_CHECK(info != nullptr, "no kernel for ", desc_.Type(), " at ", place.DebugString());
  kernel_ = KernelRegistry::Create(*info);
  op_->AttachKernel(kernel_.get());
  kernel_->SetContext(&ctx_);
  for (int i = 0; i < 2; ++i) {
    op_->InferShape();
    kernel_->Launch();
  }
}

const KernelInfo* FindKernel(const std::string& op_type, const Place& place) {
  for (const KernelInfo* k : KernelRegistry::Global().Kernels(op_type)) {
    if (k->place.target != place.target) continue;
    if (!PrecisionCompatible(k->place.precision, place.precision)) continue;
    if (!LayoutCompatible(k->place.layout, place.layout)) continue;
    return k;
  }
  return nullptr;
}

std::vector<float> RandomVector(size_t n, float lo, float hi, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

std::vector<float> ToVector(const Tensor& t) {
  const float* p = t.data<float>();
  return std::vector<float>(p, p + t.numel());
}

void ExpectAllNear(const std::vector<float>& actual, const std::vector<float>& expected,
                   float atol, float rtol) {
  ASSERT_EQ(actual.size(), expected.size());
  for (size_t i = 0; i < actual.size(); ++i) {
    const float tol = atol + rtol * std::fabs(expected[i]);
    if (!(std::fabs(actual[i] - expected[i]) <= tol)) {
      FAIL() << "element " << i << ": got " << actual[i] << ", expected " << expected[i]
             << " (tolerance " << tol << ")";
    }
  }
}

bool X86KernelsRunHere() {
#if PLITE_TEST_WITH_X86
  return lite::x86::CpuHasAvx2Fma();
#else
  return false;
#endif
}

bool X86Int8ConvsRunHere() { return X86Int8KernelRunsHere("conv2d"); }

bool X86Int8KernelRunsHere(const std::string& op_type) {
  for (const KernelInfo* info : KernelRegistry::Global().Kernels(op_type)) {
    if (info->place.target == TargetType::kX86 && info->place.precision == PrecisionType::kInt8 &&
        info->RunsOnThisCpu()) {
      return true;
    }
  }
  return false;
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
