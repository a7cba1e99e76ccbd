// SGEMM speed in GFLOP/s (counter GFLOPS) against one core's FMA peak:
//   BM_FmaPeak            12 independent FMA chains in registers (practical peak)
//   BM_SgemmSquare/N      Sgemm (packs A on each call), N x N x N
//   BM_Conv1x1/M/K/N      SgemmPacked with A packed once, as a conv kernel calls it: the
//                         pointwise convolutions of MobileNetV2 at 224x224
//                         (M = out channels, K = in channels, N = H * W)
// Run with repetitions on a shared machine and read the medians, e.g.
//   sgemm_benchmark --benchmark_min_time=0.2 --benchmark_repetitions=5
//                   --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>
#include <functional>

#include <random>
#include <thread>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/sgemm.h"
#include "lite/core/thread_pool.h"

float FmaPeakLoop(long iterations);  // fma_peak_avx2.cc

namespace {

using paddle::lite::x86::CpuHasAvx2Fma;
namespace xm = paddle::lite::x86::math;

std::vector<float> Random(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  std::vector<float> v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

void SetFlops(benchmark::State& state, double flops_per_iteration) {
  state.counters["GFLOPS"] =
      benchmark::Counter(flops_per_iteration * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
}

void BM_FmaPeak(benchmark::State& state) {
  if (!CpuHasAvx2Fma()) {
    state.SkipWithError("CPU has no AVX2/FMA");
    return;
  }
  const long iterations = 1 << 20;
  for (auto _ : state) benchmark::DoNotOptimize(FmaPeakLoop(iterations));
  SetFlops(state, 192.0 * iterations);
}
BENCHMARK(BM_FmaPeak);

void BM_SgemmSquare(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const auto a = Random(static_cast<size_t>(n) * n, 1);
  const auto b = Random(static_cast<size_t>(n) * n, 2);
  std::vector<float> c(static_cast<size_t>(n) * n);
  for (auto _ : state) {
    xm::Sgemm(n, n, n, 1.f, a.data(), n, b.data(), n, 0.f, c.data(), n);
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_SgemmSquare)->Arg(64)->Arg(128)->Arg(256)->Arg(512)->Arg(1024);

void BM_Conv1x1(benchmark::State& state) {
  const int m = static_cast<int>(state.range(0));
  const int k = static_cast<int>(state.range(1));
  const int n = static_cast<int>(state.range(2));
  const auto a = Random(static_cast<size_t>(m) * k, 1);
  const auto b = Random(static_cast<size_t>(k) * n, 2);
  const auto bias = Random(static_cast<size_t>(m), 3);
  std::vector<float> packed(xm::PackedASize(m, k));
  xm::PackA(m, k, a.data(), k, packed.data());
  std::vector<float> c(static_cast<size_t>(m) * n);
  xm::GemmEpilogue epilogue;
  epilogue.bias = bias.data();
  epilogue.activation = state.range(3) ? xm::GemmActivation::kRelu6 : xm::GemmActivation::kNone;
  for (auto _ : state) {
    xm::SgemmPacked(m, n, k, packed.data(), b.data(), n, 0.f, c.data(), n, epilogue);
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * m * n * k);
}

// MobileNetV2 (width 1.0, 224x224): every pointwise convolution, as {M, K, N}. Expansion
// layers have relu6 (fused), projection layers none; both add the folded batch-norm bias.
void MobileNetV2Shapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"M", "K", "N", "relu6"});
  const long shapes[][4] = {
      {16, 32, 12544, 0},   // block 1 project (112x112)
      {96, 16, 12544, 1},   // block 2 expand
      {24, 96, 3136, 0},    // block 2 project (56x56)
      {144, 24, 3136, 1},   // expand 24 -> 144 (x2)
      {24, 144, 3136, 0},   // project 144 -> 24
      {32, 144, 784, 0},    // block 3 project (28x28)
      {192, 32, 784, 1},    // expand 32 -> 192 (x3)
      {32, 192, 784, 0},    // project 192 -> 32 (x2)
      {64, 192, 196, 0},    // block 4 project (14x14)
      {384, 64, 196, 1},    // expand 64 -> 384 (x4)
      {64, 384, 196, 0},    // project 384 -> 64 (x3)
      {96, 384, 196, 0},    // block 5 project
      {576, 96, 196, 1},    // expand 96 -> 576 (x3)
      {96, 576, 196, 0},    // project 576 -> 96 (x2)
      {160, 576, 49, 0},    // block 6 project (7x7)
      {960, 160, 49, 1},    // expand 160 -> 960 (x3)
      {160, 960, 49, 0},    // project 960 -> 160 (x2)
      {320, 960, 49, 0},    // block 7 project
      {1280, 320, 49, 1},   // last 1x1 conv
  };
  for (const auto& s : shapes) b->Args({s[0], s[1], s[2], s[3]});
}
BENCHMARK(BM_Conv1x1)->Apply(MobileNetV2Shapes);

// Threads through the predictor's thread pool (created once, as a predictor does), on a
// few MobileNetV2 1x1 shapes and a square 512: {M, K, N, threads, spawn}.
void BM_SgemmThreads(benchmark::State& state) {
  const int m = static_cast<int>(state.range(0));
  const int k = static_cast<int>(state.range(1));
  const int n = static_cast<int>(state.range(2));
  const int threads = static_cast<int>(state.range(3));
  paddle::lite::ThreadPool pool(threads);
  const auto a = Random(static_cast<size_t>(m) * k, 1);
  const auto b = Random(static_cast<size_t>(k) * n, 2);
  std::vector<float> packed(xm::PackedASize(m, k));
  xm::PackA(m, k, a.data(), k, packed.data());
  std::vector<float> c(static_cast<size_t>(m) * n);
  xm::SgemmOptions options;
  options.threads = threads;
  options.parallel_for = [&pool](int tasks, const std::function<void(int)>& task) {
    pool.ParallelFor(tasks, task);
  };
  if (state.range(4)) {  // threads created on every call, as before the pool: the cost saved
    options.parallel_for = [](int tasks, const std::function<void(int)>& task) {
      std::vector<std::thread> workers;
      for (int t = 1; t < tasks; ++t) workers.emplace_back(task, t);
      task(0);
      for (auto& w : workers) w.join();
    };
  }
  for (auto _ : state) {
    xm::SgemmPacked(m, n, k, packed.data(), b.data(), n, 0.f, c.data(), n, {}, options);
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * m * n * k);
}
void ThreadShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"M", "K", "N", "threads", "spawn"});
  const long shapes[][3] = {{96, 16, 12544}, {144, 24, 3136}, {384, 64, 196},
                            {960, 160, 49},  {512, 512, 512}};
  for (const auto& s : shapes) {
    for (long t : {1, 2}) b->Args({s[0], s[1], s[2], t, 0});
    b->Args({s[0], s[1], s[2], 2, 1});
  }
}
BENCHMARK(BM_SgemmThreads)->Apply(ThreadShapes)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
