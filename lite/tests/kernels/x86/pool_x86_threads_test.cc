// pool2d x86 kernel on a thread pool (1, 2 and 3 threads) against the host kernel (the
// reference): the AVX2 stride-2 rows (max/avg 3x3 and 2x2 with paddings, ceil_mode,
// exclusive, widths around the 8-lane blocks), global and adaptive pooling, on shapes large
// enough to be split over the threads and small ones that are not.
//
// Tolerance: max is exact; avg sums at most k*k (or a plane of) values of |x| <= 2 in
// another order: 1e-5 + 1e-5 * |host|.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/op_registry.h"
#include "lite/core/thread_pool.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/kernels/pool_case.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kHostPlace(TargetType::kHost, PrecisionType::kFloat, DataLayoutType::kNCHW);
const Place kX86Place(TargetType::kX86, PrecisionType::kFloat, DataLayoutType::kNCHW);

std::vector<float> RunPool(const PoolCase& p, const Place& place, int threads, uint32_t seed) {
  Scope scope;
  Tensor* x = scope.Var("x")->GetMutable<Tensor>();
  x->Resize({p.n, p.c, p.h, p.w});
  const std::vector<float> values =
      RandomVector(static_cast<size_t>(p.n) * p.c * p.h * p.w, -2.f, 2.f, seed);
  std::copy(values.begin(), values.end(), x->mutable_data<float>());
  scope.Var("out");
  cpp::OpDesc desc("pool2d");
  desc.SetInput("X", {"x"});
  desc.SetOutput("Out", {"out"});
  desc.SetAttr<std::string>("pooling_type", p.type);
  desc.SetAttr<std::vector<int32_t>>("ksize", p.ksize);
  desc.SetAttr<std::vector<int32_t>>("strides", p.strides);
  desc.SetAttr<std::vector<int32_t>>("paddings", p.paddings);
  desc.SetAttr<bool>("exclusive", p.exclusive);
  desc.SetAttr<bool>("ceil_mode", p.ceil_mode);
  desc.SetAttr<bool>("global_pooling", p.global);
  desc.SetAttr<bool>("adaptive", p.adaptive);
  auto op = OpRegistry::Global().Create("pool2d");
  op->Attach(desc, &scope);
  const KernelInfo* info = FindKernel("pool2d", place);
  PLITE_CHECK(info != nullptr, "no pool2d kernel at ", place.DebugString());
  auto kernel = KernelRegistry::Create(*info);
  op->AttachKernel(kernel.get());
  ThreadPool pool(threads);
  KernelContext ctx;
  ctx.threads = threads;
  ctx.pool = &pool;
  kernel->SetContext(&ctx);
  for (int run = 0; run < 2; ++run) {  // the second run reuses the per-task buffers
    op->InferShape();
    kernel->Launch();
  }
  return ToVector(*scope.Var("out")->GetMutable<Tensor>());
}

void CompareWithHost(const PoolCase& p, uint32_t seed) {
  const std::vector<float> want = RunPool(p, kHostPlace, 1, seed);
  for (int threads : {1, 2, 3}) {
    SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
    const std::vector<float> got = RunPool(p, kX86Place, threads, seed);
    ASSERT_EQ(got.size(), want.size());
    if (p.type == "max") {
      ExpectAllNear(got, want, 0.f);
    } else {
      ExpectAllNear(got, want, 1e-5f, 1e-5f);
    }
  }
}

class Pool2dX86Threads : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!lite::x86::CpuHasAvx2Fma()) GTEST_SKIP() << "CPU lacks AVX2+FMA";
  }
};

TEST_F(Pool2dX86Threads, Stride2WindowsEveryAttribute) {
  uint32_t seed = 1;
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {0, 1, 1, 0}, {1, 0, 0, 1}};
  for (const std::string type : {"max", "avg"}) {
    for (int k : {2, 3}) {
      for (const auto& pad : paddings) {
        for (int w : {5, 16, 17, 18, 19, 33, 34, 35, 111}) {
          for (int flags = 0; flags < 4; ++flags) {
            PoolCase p;
            p.c = 3;
            p.h = 9;
            p.w = w;
            p.type = type;
            p.ksize = {k, k};
            p.strides = {2, 2};
            p.paddings = pad;
            p.exclusive = (flags & 1) != 0;
            p.ceil_mode = (flags & 2) != 0;
            CompareWithHost(p, seed++);
          }
        }
      }
    }
  }
}

TEST_F(Pool2dX86Threads, NetworkShapesSplitOverThreads) {
  PoolCase p;  // squeezenet's max pools
  p.c = 64;
  p.h = p.w = 111;
  p.ksize = {3, 3};
  p.strides = {2, 2};
  p.ceil_mode = true;
  CompareWithHost(p, 100);
  p.c = 128;
  p.h = p.w = 55;
  CompareWithHost(p, 101);
  p.c = 24;  // shufflenet's stem pool
  p.h = p.w = 112;
  p.paddings = {1, 1};
  p.ceil_mode = false;
  CompareWithHost(p, 102);
  p.type = "avg";
  p.exclusive = false;
  CompareWithHost(p, 103);
}

TEST_F(Pool2dX86Threads, GlobalAndAdaptiveSplitOverThreads) {
  uint32_t seed = 200;
  for (const std::string type : {"max", "avg"}) {
    PoolCase p;
    p.n = 2;
    p.c = 1280;
    p.h = p.w = 7;
    p.type = type;
    p.global = true;
    CompareWithHost(p, seed++);
    p.c = 3;  // too small to split
    CompareWithHost(p, seed++);
    p.global = false;
    p.adaptive = true;
    p.c = 700;
    p.h = 13;
    p.w = 11;
    p.ksize = {3, 4};
    CompareWithHost(p, seed++);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
