// pool2d speed on one thread: the x86 NCHW16c kernel (lite/kernels/x86/pool_nchwc_compute.cc
// over lite/backends/x86/math/nchwc/nchwc_pool.h) against the x86 NCHW kernel (pool_compute.cc),
// both created through the kernel registry and run as a predictor runs them:
//   BM_Pool/net/layout
//     net     0-3 squeezenet1_1 (227x227): max 3x3 s2 ceil_mode on [1,64,113,113],
//             [1,128,56,56], [1,256,28,28]; global avg [1,1000,14,14]
//             4-5 resnet18: max 3x3 s2 pad 1 on [1,64,112,112]; global avg [1,512,7,7]
//             6   mobilenet_v1: global avg [1,1024,7,7]
//     layout  0 = NCHW, 1 = NCHW16c with AVX2 forced, 2 = NCHW16c with AVX-512 (skipped
//             when the CPU lacks it)
// The label names the pool. Timings on a shared machine are noisy: read the medians, e.g.
//   nchwc_pool_benchmark --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc/nchwc_pool.h"
#include "lite/kernels/x86/nchw16c_layout.h"
#include "lite/core/op_registry.h"
#include "lite/core/scope.h"

namespace {

namespace lite = paddle::lite;

struct NetPool {
  const char* name;
  int c, h, w;
  bool global;  // global avg; else max 3x3 stride 2
  int pad;
  bool ceil_mode;
};

const NetPool kPools[] = {
    {"squeezenet max [1,64,113,113]", 64, 113, 113, false, 0, true},
    {"squeezenet max [1,128,56,56]", 128, 56, 56, false, 0, true},
    {"squeezenet max [1,256,28,28]", 256, 28, 28, false, 0, true},
    {"squeezenet global avg [1,1000,14,14]", 1000, 14, 14, true, 0, false},
    {"resnet18 max pad 1 [1,64,112,112]", 64, 112, 112, false, 1, false},
    {"resnet18 global avg [1,512,7,7]", 512, 7, 7, true, 0, false},
    {"mobilenet_v1 global avg [1,1024,7,7]", 1024, 7, 7, true, 0, false},
};

// One pool2d op with its x86 kernel at `layout`, on random input, run on this thread.
class PoolRun {
 public:
  PoolRun(const NetPool& p, lite::DataLayoutType layout) {
    lite::Tensor* x = scope_.Var("x")->GetMutable<lite::Tensor>();
    x->Resize(lite::DDim({1, p.c, p.h, p.w}));
    const bool blocked = layout == lite::DataLayoutType::kNCHW16c;
    float* data = blocked ? lite::MutableBlockedData(x, lite::TargetType::kX86, layout)
                          : x->mutable_data<float>();
    const int64_t size = blocked ? lite::BlockedNumel(x->dims(), layout) : x->dims().production();
    std::mt19937 gen(1);
    std::uniform_real_distribution<float> dist(-1.f, 1.f);
    std::generate(data, data + size, [&] { return dist(gen); });
    scope_.Var("out");

    lite::cpp::OpDesc desc("pool2d");
    desc.SetInput("X", {"x"});
    desc.SetOutput("Out", {"out"});
    desc.SetAttr<std::string>("pooling_type", p.global ? "avg" : "max");
    desc.SetAttr<std::vector<int32_t>>("ksize", {3, 3});
    desc.SetAttr<std::vector<int32_t>>("strides", {2, 2});
    desc.SetAttr<std::vector<int32_t>>("paddings", {p.pad, p.pad});
    desc.SetAttr<bool>("ceil_mode", p.ceil_mode);
    desc.SetAttr<bool>("global_pooling", p.global);
    op_ = lite::OpRegistry::Global().Create("pool2d");
    op_->Attach(desc, &scope_);
    const lite::Place place(lite::TargetType::kX86, lite::PrecisionType::kFloat, layout);
    for (const lite::KernelInfo* info : lite::KernelRegistry::Global().Kernels("pool2d")) {
      if (info->place == place && info->alias == "def") {
        kernel_ = lite::KernelRegistry::Create(*info);
      }
    }
    PLITE_CHECK(kernel_ != nullptr, "no pool2d kernel at ", place.DebugString());
    op_->AttachKernel(kernel_.get());
    kernel_->SetContext(&ctx_);  // no pool: one thread
    op_->InferShape();
  }

  void Run() { kernel_->Launch(); }

 private:
  lite::Scope scope_;
  lite::KernelContext ctx_;
  std::unique_ptr<lite::OpLite> op_;
  std::unique_ptr<lite::KernelBase> kernel_;
};

void BM_Pool(benchmark::State& state) {
  const NetPool& p = kPools[state.range(0)];
  const int layout = static_cast<int>(state.range(1));
  if (!lite::x86::CpuHasAvx2Fma()) return state.SkipWithError("CPU has no AVX2/FMA");
  if (layout == 2 && !lite::x86::CpuHasAvx512f()) return state.SkipWithError("no AVX-512F");
  lite::x86::math::NchwcPoolAllowAvx512(layout == 2);
  PoolRun run(p, layout == 0 ? lite::DataLayoutType::kNCHW : lite::DataLayoutType::kNCHW16c);
  for (auto _ : state) {
    run.Run();
    benchmark::ClobberMemory();
  }
  lite::x86::math::NchwcPoolAllowAvx512(true);
  state.SetLabel(std::string(p.name) + (layout == 0 ? " NCHW" : layout == 1 ? " NCHW16c AVX2"
                                                                           : " NCHW16c AVX-512"));
}
BENCHMARK(BM_Pool)->ArgNames({"net", "layout"})->ArgsProduct({{0, 1, 2, 3, 4, 5, 6}, {0, 1, 2}});

}  // namespace

BENCHMARK_MAIN();
