#include "lite/tests/kernels/x86/x86_vs_host.h"

#include <algorithm>

#include "lite/backends/x86/cpu_info.h"
#include "lite/kernels/x86/nchw16c_layout.h"

namespace paddle {
namespace lite {
namespace test {

// The x86 NCHW16c helpers (their core forms take the layout).
using kernels::x86::BlockedData;
using kernels::x86::BlockedNumel;
using kernels::x86::ChannelBlocks;
using kernels::x86::kChannelBlock;
using kernels::x86::MutableBlockedData;

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

KernelRun::KernelRun(const OpCase& op_case, const Place& place, int threads,
                     const std::string& alias, const std::vector<std::string>& blocked)
    : desc_(op_case.desc()),
      place_(place),
      alias_(alias),
      blocked_(blocked),
      pool_(std::make_unique<ThreadPool>(threads)) {
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
  if (std::find(blocked_.begin(), blocked_.end(), name) != blocked_.end()) {
    const std::vector<float> b = ToBlocked(values, dims);
    std::copy(b.begin(), b.end(), MutableBlockedData(t, place_.target));
    return;
  }
  t->set_layout(DataLayoutType::kNCHW);
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
  const KernelInfo* info = nullptr;
  for (const KernelInfo* k : KernelRegistry::Global().Kernels(desc_.Type())) {
    if (k->place == place_ && (alias_.empty() || k->alias == alias_)) {
      info = k;
      break;
    }
  }
  if (!info && alias_.empty()) info = FindKernel(desc_.Type(), place_);
  PLITE_CHECK(info != nullptr, "no ", desc_.Type(), " kernel at ", place_.DebugString(),
              alias_.empty() ? "" : " with alias " + alias_);
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

std::vector<float> ToBlocked(const std::vector<float>& nchw, const DDim& dims) {
  PLITE_CHECK(dims.size() == 4, "ToBlocked: 4-D dims needed, got ", dims);
  const int64_t n = dims[0], c = dims[1], hw = dims[2] * dims[3];
  const int64_t blocks = ChannelBlocks(c);
  std::vector<float> out(static_cast<size_t>(n * blocks * kChannelBlock * hw), 0.f);
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t ch = 0; ch < c; ++ch) {
      for (int64_t p = 0; p < hw; ++p) {
        const int64_t b = ch / kChannelBlock, lane = ch % kChannelBlock;
        out[((i * blocks + b) * hw + p) * kChannelBlock + lane] = nchw[(i * c + ch) * hw + p];
      }
    }
  }
  return out;
}

std::vector<float> FromBlocked(const float* blocked, const DDim& dims) {
  PLITE_CHECK(dims.size() == 4, "FromBlocked: 4-D dims needed, got ", dims);
  const int64_t n = dims[0], c = dims[1], hw = dims[2] * dims[3];
  const int64_t blocks = ChannelBlocks(c);
  std::vector<float> out(static_cast<size_t>(n * c * hw));
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t ch = 0; ch < c; ++ch) {
      for (int64_t p = 0; p < hw; ++p) {
        const int64_t b = ch / kChannelBlock, lane = ch % kChannelBlock;
        out[(i * c + ch) * hw + p] = blocked[((i * blocks + b) * hw + p) * kChannelBlock + lane];
      }
    }
  }
  return out;
}

std::vector<float> NchwValues(const Tensor& t) {
  if (t.layout() != DataLayoutType::kNCHW16c) return ToVector(t);
  return FromBlocked(BlockedData(t, "NchwValues"), t.dims());
}

void ExpectSameOutputs(KernelRun* host, KernelRun* x86, const std::vector<std::string>& outputs,
                       Tolerance tol) {
  for (const std::string& name : outputs) {
    SCOPED_TRACE("output " + name);
    const Tensor& expected = host->Var(name);
    const Tensor& actual = x86->Var(name);
    ASSERT_EQ(actual.dims(), expected.dims());
    ExpectAllNear(NchwValues(actual), ToVector(expected), tol.atol, tol.rtol);
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

void ExpectBlockedMatchesHost(const OpCase& op_case, const std::vector<std::string>& blocked,
                              Tolerance tol, int threads, const std::string& alias,
                              int x86_runs) {
  KernelRun host(op_case, kHostPlace, 1);
  KernelRun x86(op_case, kX86BlockedPlace, threads, alias, blocked);
  host.Run();
  for (int run = 0; run < x86_runs; ++run) {
    SCOPED_TRACE("x86 NCHW16c run " + std::to_string(run + 1));
    x86.Run();
    for (const std::string& name : op_case.outputs()) {
      EXPECT_EQ(x86.Var(name).layout(), DataLayoutType::kNCHW16c) << name;
    }
    ExpectSameOutputs(&host, &x86, op_case.outputs(), tol);
  }
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
