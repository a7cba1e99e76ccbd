#include "lite/tests/kernels/x86/x86_vs_host.h"

#include <algorithm>

#include "lite/backends/x86/cpu_info.h"

namespace paddle {
namespace lite {
namespace test {

void X86KernelTest::SetUp() {
  if (!lite::x86::CpuHasAvx2Fma()) {
    GTEST_SKIP() << "CPU lacks AVX2+FMA: the x86 kernels are never picked here";
  }
}

void ExpectX86KernelRequiresAvx2Fma(const std::string& op_type) {
  const KernelInfo* info = FindKernel(op_type, kX86Place);
  ASSERT_NE(info, nullptr) << "no x86 kernel for " << op_type;
  EXPECT_EQ(info->cpu_feature, "avx2+fma") << op_type;
}

OpCase& OpCase::Input(const std::string& param, const std::string& name, const DDim& dims,
                      std::vector<float> values) {
  EXPECT_EQ(static_cast<int64_t>(values.size()), dims.production()) << name;
  auto args = desc_.Input(param);
  args.push_back(name);
  desc_.SetInput(param, args);
  inputs_.push_back({name, dims, std::move(values), {}, false});
  return *this;
}

OpCase& OpCase::IntInput(const std::string& param, const std::string& name, const DDim& dims,
                         std::vector<int32_t> values) {
  EXPECT_EQ(static_cast<int64_t>(values.size()), dims.production()) << name;
  auto args = desc_.Input(param);
  args.push_back(name);
  desc_.SetInput(param, args);
  Value v{name, dims, {}, std::move(values), true};
  inputs_.push_back(std::move(v));
  return *this;
}

OpCase& OpCase::Output(const std::string& param, const std::string& name) {
  auto args = desc_.Output(param);
  args.push_back(name);
  desc_.SetOutput(param, args);
  outputs_.push_back(name);
  return *this;
}

KernelRun::KernelRun(const OpCase& op_case, const Place& place, int threads)
    : desc_(op_case.desc()), place_(place), pool_(std::make_unique<ThreadPool>(threads)) {
  ctx_.threads = threads;
  ctx_.pool = pool_.get();
  for (const OpCase::Value& v : op_case.inputs()) {
    if (v.is_int) {
      FillInt(v.name, v.dims, v.ints);
    } else {
      Fill(v.name, v.dims, v.values);
    }
  }
  // Every output the op binds, compared or not (such as transpose2's XShape).
  for (const std::string& name : desc_.OutputArgumentNames()) scope_.Var(name);
}

void KernelRun::Fill(const std::string& name, const DDim& dims,
                     const std::vector<float>& values) {
  Tensor* t = scope_.Var(name)->GetMutable<Tensor>();
  t->Resize(dims);
  std::copy(values.begin(), values.end(), t->mutable_data<float>());
}

void KernelRun::FillInt(const std::string& name, const DDim& dims,
                        const std::vector<int32_t>& values) {
  Tensor* t = scope_.Var(name)->GetMutable<Tensor>();
  t->Resize(dims);
  std::copy(values.begin(), values.end(), t->mutable_data<int32_t>());
}

void KernelRun::Prepare() {
  if (op_) return;
  op_ = OpRegistry::Global().Create(desc_.Type());
  op_->Attach(desc_, &scope_);
  const KernelInfo* info = FindKernel(desc_.Type(), place_);
  PLITE_CHECK(info != nullptr, "no ", desc_.Type(), " kernel at ", place_.DebugString());
  kernel_ = KernelRegistry::Create(*info);
  EXPECT_EQ(kernel_->target(), place_.target);
  op_->AttachKernel(kernel_.get());
  kernel_->SetContext(&ctx_);
}

void KernelRun::Run() {
  Prepare();
  op_->InferShape();
  kernel_->Launch();
}

void ExpectSameOutputs(KernelRun* host, KernelRun* x86, const std::vector<std::string>& outputs,
                       Tolerance tol) {
  for (const std::string& name : outputs) {
    SCOPED_TRACE("output " + name);
    const Tensor& expected = host->Var(name);
    const Tensor& actual = x86->Var(name);
    ASSERT_EQ(actual.dims(), expected.dims());
    ExpectAllNear(ToVector(actual), ToVector(expected), tol.atol, tol.rtol);
  }
}

void ExpectX86MatchesHost(const OpCase& op_case, Tolerance tol, int threads, int x86_runs) {
  KernelRun host(op_case, kHostPlace, 1);
  KernelRun x86(op_case, kX86Place, threads);
  host.Run();
  for (int run = 0; run < x86_runs; ++run) {
    SCOPED_TRACE("x86 run " + std::to_string(run + 1));
    x86.Run();
    ExpectSameOutputs(&host, &x86, op_case.outputs(), tol);
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
