#include "lite/tests/kernels/kernel_vs_host.h"

#include <algorithm>
#include <cmath>

#include "lite/core/blocked_layout.h"

namespace paddle {
namespace lite {
namespace test {

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
    const std::vector<float> b = ToBlocked(values, dims, place_.layout);
    std::copy(b.begin(), b.end(), MutableBlockedData(t, place_.target, place_.layout));
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

std::vector<float> ToBlocked(const std::vector<float>& nchw, const DDim& dims,
                             DataLayoutType layout) {
  PLITE_CHECK(dims.size() == 4, "ToBlocked: 4-D dims needed, got ", dims);
  const int64_t block = ChannelBlockOf(layout);
  const int64_t n = dims[0], c = dims[1], hw = dims[2] * dims[3];
  const int64_t blocks = ChannelBlocks(c, layout);
  std::vector<float> out(static_cast<size_t>(n * blocks * block * hw), 0.f);
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t ch = 0; ch < c; ++ch) {
      for (int64_t p = 0; p < hw; ++p) {
        const int64_t b = ch / block, lane = ch % block;
        out[((i * blocks + b) * hw + p) * block + lane] = nchw[(i * c + ch) * hw + p];
      }
    }
  }
  return out;
}

std::vector<float> FromBlocked(const float* blocked, const DDim& dims, DataLayoutType layout) {
  PLITE_CHECK(dims.size() == 4, "FromBlocked: 4-D dims needed, got ", dims);
  const int64_t block = ChannelBlockOf(layout);
  const int64_t n = dims[0], c = dims[1], hw = dims[2] * dims[3];
  const int64_t blocks = ChannelBlocks(c, layout);
  std::vector<float> out(static_cast<size_t>(n * c * hw));
  for (int64_t i = 0; i < n; ++i) {
    for (int64_t ch = 0; ch < c; ++ch) {
      for (int64_t p = 0; p < hw; ++p) {
        const int64_t b = ch / block, lane = ch % block;
        out[(i * c + ch) * hw + p] = blocked[((i * blocks + b) * hw + p) * block + lane];
      }
    }
  }
  return out;
}

std::vector<float> NchwValues(const Tensor& t) {
  if (lite_api::LayoutChannelBlock(t.layout()) == 0) return ToVector(t);
  return FromBlocked(BlockedData(t, t.layout(), "NchwValues"), t.dims(), t.layout());
}

void ExpectSameOutputs(KernelRun* host, KernelRun* kernel, const std::vector<std::string>& outputs,
                       Tolerance tol) {
  for (const std::string& name : outputs) {
    SCOPED_TRACE("output " + name);
    const Tensor& expected = host->Var(name);
    const Tensor& actual = kernel->Var(name);
    ASSERT_EQ(actual.dims(), expected.dims());
    ExpectAllNear(NchwValues(actual), ToVector(expected), tol.atol, tol.rtol);
  }
}

void ExpectKernelMatchesHost(const OpCase& op_case, const Place& place, Tolerance tol,
                             int threads, int runs, const std::string& alias) {
  KernelRun host(op_case, kHostPlace, 1);
  KernelRun kernel(op_case, place, threads, alias);
  host.Run();
  for (int run = 0; run < runs; ++run) {
    SCOPED_TRACE(lite_api::TargetToStr(place.target) + " run " + std::to_string(run + 1));
    kernel.Run();
    ExpectSameOutputs(&host, &kernel, op_case.outputs(), tol);
  }
}

void ExpectKernelFollowsInputShapes(const OpCase& op_case, const Place& place,
                                    const std::string& input, const std::vector<DDim>& shapes,
                                    float lo, float hi, uint32_t seed, Tolerance tol, int threads) {
  KernelRun host(op_case, kHostPlace, 1);
  KernelRun kernel(op_case, place, threads);
  for (const DDim& dims : shapes) {
    SCOPED_TRACE(input + " " + dims.repr());
    const std::vector<float> values = RandomVector(dims.production(), lo, hi, seed);
    for (KernelRun* run : {&host, &kernel}) {
      run->Fill(input, dims, values);
      run->Run();
    }
    ExpectSameOutputs(&host, &kernel, op_case.outputs(), tol);
  }
}

std::vector<DDim> NchwShapes(int64_t n, int64_t c,
                             const std::vector<std::pair<int64_t, int64_t>>& planes) {
  std::vector<DDim> shapes;
  for (const auto& hw : planes) shapes.push_back(DDim({n, c, hw.first, hw.second}));
  return shapes;
}

void ExpectKernelMatchesHostNonFinite(const OpCase& op_case, const Place& place, Tolerance tol,
                                      int threads, int runs) {
  KernelRun host(op_case, kHostPlace, 1);
  KernelRun kernel(op_case, place, threads);
  host.Run();
  for (int run = 0; run < runs; ++run) {
    SCOPED_TRACE(lite_api::TargetToStr(place.target) + " run " + std::to_string(run + 1));
    kernel.Run();
    for (const std::string& name : op_case.outputs()) {
      SCOPED_TRACE("output " + name);
      ASSERT_EQ(kernel.Var(name).dims(), host.Var(name).dims());
      const std::vector<float> got = ToVector(kernel.Var(name)), want = ToVector(host.Var(name));
      for (size_t i = 0; i < want.size(); ++i) {
        const bool same = std::isnan(want[i])   ? std::isnan(got[i])
                          : std::isinf(want[i]) ? got[i] == want[i]
                                                : std::fabs(got[i] - want[i]) <=
                                                      tol.atol + tol.rtol * std::fabs(want[i]);
        if (!same) {
          ADD_FAILURE() << "element " << i << ": got " << got[i] << ", expected " << want[i];
          break;
        }
      }
    }
  }
}

void ExpectBlockedKernelMatchesHost(const OpCase& op_case, const Place& place,
                                    const std::vector<std::string>& blocked, Tolerance tol,
                                    int threads, const std::string& alias, int runs) {
  KernelRun host(op_case, kHostPlace, 1);
  KernelRun kernel(op_case, place, threads, alias, blocked);
  host.Run();
  for (int run = 0; run < runs; ++run) {
    SCOPED_TRACE(place.DebugString() + " run " + std::to_string(run + 1));
    kernel.Run();
    for (const std::string& name : op_case.outputs()) {
      EXPECT_EQ(kernel.Var(name).layout(), place.layout) << name;
    }
    ExpectSameOutputs(&host, &kernel, op_case.outputs(), tol);
  }
}

void KernelVsHostTest::SetUp() {
  const KernelBackend& backend = GetParam();
  if (backend.runs_here && !backend.runs_here()) {
    GTEST_SKIP() << "the " << backend.name << " kernels do not run on this CPU";
  }
}

void KernelVsHostTest::ExpectRegistered(const std::string& op_type) const {
  const KernelInfo* info = FindKernel(op_type, place());
  ASSERT_NE(info, nullptr) << "no " << GetParam().name << " kernel for " << op_type;
  EXPECT_EQ(info->cpu_feature, GetParam().cpu_feature) << op_type;
}

std::string KernelBackendName(const ::testing::TestParamInfo<KernelBackend>& info) {
  return info.param.name;
}

void PrintTo(const KernelBackend& backend, std::ostream* os) {
  *os << backend.place.DebugString();
}

}  // namespace test
}  // namespace lite
}  // namespace paddle
