// SGEMM speed in GFLOP/s (counter GFLOPS) against one core's FMA peak:
//   BM_FmaPeak/isa        12 independent FMA chains in registers (practical peak), ymm or zmm
//   BM_SgemmSquare/N/isa  Sgemm (packs A on each call), N x N x N
//   BM_Conv1x1/M/K/N/act/isa   SgemmPacked with A packed once, as a conv kernel calls it:
//                         the pointwise convolutions of MobileNetV2 / V1 at 224x224
//                         (M = out channels, K = in channels, N = H * W)
//   BM_NchwcConv1x1/M/K/N/act/isa   the same convolutions in NCHW16c (math/nchwc_conv.h)
//   BM_Im2col/M/K/N/isa   the im2col GEMMs of ResNet18's 3x3 convolutions (K = 9 * in_c)
//   BM_SgemmThreads/M/K/N/threads/spawn   through a ThreadPool, 1 vs 2 threads (auto ISA)
//   BM_Gemv/M/K/N/isa/threads   fc with few rows (Gemv): classifier layers
//   BM_FcSgemm / BM_FcGemv/M/K/N  fc through Sgemm vs Gemv (auto ISA), M = 1..8
// isa: 1 = AVX2, 2 = AVX-512 (skipped when the CPU lacks it).
// Run with repetitions on a shared machine and read the medians, e.g.
//   sgemm_benchmark --benchmark_min_time=0.2 --benchmark_repetitions=5
//                   --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <algorithm>
#include <functional>
#include <random>
#include <thread>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/gemm/gemv.h"
#include "lite/backends/x86/math/nchwc/nchwc_conv.h"
#include "lite/backends/x86/math/gemm/sgemm.h"
#include "lite/core/thread_pool.h"
#include "lite/utils/aligned_vector.h"

float FmaPeakLoop(long iterations);        // fma_peak_avx2.cc
float FmaPeakLoopAvx512(long iterations);  // fma_peak_avx512.cc

namespace {

using paddle::lite::x86::CpuHasAvx2Fma;
using paddle::lite::x86::CpuHasAvx512f;
namespace xm = paddle::lite::x86::math;
namespace simd = paddle::lite::simd;
using paddle::lite::Activation;
using paddle::lite::ActivationType;

// 64-byte aligned, as tensors and the kernels' packed weights are: from a plain std::vector
// most 64-byte vector accesses straddle two cache lines (about 10 % on the K = 16..32 shapes).
using Buffer = paddle::lite::AlignedVector<float>;

Buffer Random(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  Buffer v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

void SetFlops(benchmark::State& state, double flops_per_iteration) {
  state.counters["GFLOPS"] =
      benchmark::Counter(flops_per_iteration * 1e-9, benchmark::Counter::kIsIterationInvariantRate);
}

// The ISA named by a benchmark argument, or false (and the benchmark skipped) when the CPU
// lacks it.
bool IsaFromArg(benchmark::State& state, long arg, xm::SgemmIsa* isa) {
  if (arg == 2) {
    if (!CpuHasAvx512f()) {
      state.SkipWithError("CPU has no AVX-512F");
      return false;
    }
    *isa = xm::SgemmIsa::kAvx512;
    return true;
  }
  if (!CpuHasAvx2Fma()) {
    state.SkipWithError("CPU has no AVX2/FMA");
    return false;
  }
  *isa = xm::SgemmIsa::kAvx2;
  return true;
}

void BM_FmaPeak(benchmark::State& state) {
  xm::SgemmIsa isa;
  if (!IsaFromArg(state, state.range(0), &isa)) return;
  const long iterations = 1 << 20;
  const bool zmm = isa == xm::SgemmIsa::kAvx512;
  for (auto _ : state) {
    benchmark::DoNotOptimize(zmm ? FmaPeakLoopAvx512(iterations) : FmaPeakLoop(iterations));
  }
  SetFlops(state, (zmm ? 384.0 : 192.0) * iterations);
}
BENCHMARK(BM_FmaPeak)->ArgName("isa")->Arg(1)->Arg(2);

void BM_SgemmSquare(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  xm::SgemmOptions options;
  if (!IsaFromArg(state, state.range(1), &options.isa)) return;
  const auto a = Random(static_cast<size_t>(n) * n, 1);
  const auto b = Random(static_cast<size_t>(n) * n, 2);
  Buffer c(static_cast<size_t>(n) * n);
  for (auto _ : state) {
    xm::Sgemm(n, n, n, 1.f, a.data(), n, b.data(), n, 0.f, c.data(), n, {}, options);
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * n * n * n);
}
BENCHMARK(BM_SgemmSquare)->ArgNames({"N", "isa"})->ArgsProduct({{64, 128, 256, 512, 1024}, {1, 2}});

// SgemmPacked on M x K x N with A packed once, bias and (act != 0) relu6 fused.
void RunPacked(benchmark::State& state, int m, int k, int n, bool relu6,
               const xm::SgemmOptions& options) {
  const auto a = Random(static_cast<size_t>(m) * k, 1);
  const auto b = Random(static_cast<size_t>(k) * n, 2);
  const auto bias = Random(static_cast<size_t>(m), 3);
  Buffer packed(xm::PackedASize(m, k));
  xm::PackA(m, k, a.data(), k, packed.data());
  Buffer c(static_cast<size_t>(m) * n);
  xm::GemmEpilogue epilogue;
  epilogue.bias = bias.data();
  epilogue.act.kind = relu6 ? ActivationType::kRelu6 : ActivationType::kNone;
  for (auto _ : state) {
    xm::SgemmPacked(m, n, k, packed.data(), b.data(), n, 0.f, c.data(), n, epilogue, options);
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * m * n * k);
}

void BM_Conv1x1(benchmark::State& state) {
  xm::SgemmOptions options;
  if (!IsaFromArg(state, state.range(4), &options.isa)) return;
  RunPacked(state, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
            static_cast<int>(state.range(2)), state.range(3) != 0, options);
}

// MobileNetV2 (width 1.0, 224x224): every pointwise convolution, as {M, K, N, relu6}.
// Expansion layers have relu6 (fused), projection layers none; both add the folded
// batch-norm bias. Then MobileNetV1's pointwise convolutions (all relu).
const long kPointwiseShapes[][4] = {
    {16, 32, 12544, 0},   // v2 block 1 project (112x112)
    {96, 16, 12544, 1},   // v2 block 2 expand
    {24, 96, 3136, 0},    // v2 block 2 project (56x56)
    {144, 24, 3136, 1},   // v2 expand 24 -> 144 (x2)
    {24, 144, 3136, 0},   // v2 project 144 -> 24
    {32, 144, 784, 0},    // v2 block 3 project (28x28)
    {192, 32, 784, 1},    // v2 expand 32 -> 192 (x3)
    {32, 192, 784, 0},    // v2 project 192 -> 32 (x2)
    {64, 192, 196, 0},    // v2 block 4 project (14x14)
    {384, 64, 196, 1},    // v2 expand 64 -> 384 (x4)
    {64, 384, 196, 0},    // v2 project 384 -> 64 (x3)
    {96, 384, 196, 0},    // v2 block 5 project
    {576, 96, 196, 1},    // v2 expand 96 -> 576 (x3)
    {96, 576, 196, 0},    // v2 project 576 -> 96 (x2)
    {160, 576, 49, 0},    // v2 block 6 project (7x7)
    {960, 160, 49, 1},    // v2 expand 160 -> 960 (x3)
    {160, 960, 49, 0},    // v2 project 960 -> 160 (x2)
    {320, 960, 49, 0},    // v2 block 7 project
    {1280, 320, 49, 1},   // v2 last 1x1 conv
    {64, 32, 12544, 1},   // v1 (112x112)
    {128, 64, 3136, 1},   // v1 (56x56)
    {128, 128, 3136, 1},  // v1
    {256, 128, 784, 1},   // v1 (28x28)
    {256, 256, 784, 1},   // v1
    {512, 256, 196, 1},   // v1 (14x14)
    {512, 512, 196, 1},   // v1 (x5)
    {1024, 512, 49, 1},   // v1 (7x7)
    {1024, 1024, 49, 1},  // v1
};
void PointwiseShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"M", "K", "N", "relu6", "isa"});
  for (long isa : {1, 2}) {
    for (const auto& s : kPointwiseShapes) b->Args({s[0], s[1], s[2], s[3], isa});
  }
}
BENCHMARK(BM_Conv1x1)->Apply(PointwiseShapes);

// The same pointwise convolutions in NCHW16c (math/nchwc_conv.h, blocked input and output,
// filter packed once), bias and (act != 0) relu6 fused: against BM_Conv1x1 in one run.
void BM_NchwcConv1x1(benchmark::State& state) {
  const long isa = state.range(4);
  if (isa == 2 && !CpuHasAvx512f()) {
    state.SkipWithError("CPU lacks AVX-512F");
    return;
  }
  xm::NchwcConvAllowAvx512(isa == 2);
  xm::NchwcConvShape s;
  s.out_c = static_cast<int>(state.range(0));
  s.in_c = static_cast<int>(state.range(1));
  s.in_h = s.out_h = static_cast<int>(state.range(2));
  s.in_w = s.out_w = 1;
  const auto w = Random(static_cast<size_t>(s.out_c) * s.in_c, 1);
  const auto bias = Random(static_cast<size_t>(s.out_c), 3);
  Buffer packed(simd::NchwcPackedFilterSize(s, xm::kNchwcBlock));
  simd::NchwcPackFilter(s, xm::kNchwcBlock, w.data(), bias.data(), packed.data());
  const int in_blocks = (s.in_c + 15) / 16, out_blocks = (s.out_c + 15) / 16;
  const auto x = Random(static_cast<size_t>(in_blocks) * 16 * s.in_h, 2);
  Buffer out(static_cast<size_t>(out_blocks) * 16 * s.out_h);
  Activation act;
  act.kind = state.range(3) ? ActivationType::kRelu6 : ActivationType::kNone;
  for (auto _ : state) {
    xm::NchwcConv(s, x.data(), packed.data(), act, 0, out_blocks, 0, s.out_h, out.data());
    benchmark::ClobberMemory();
  }
  xm::NchwcConvAllowAvx512(true);
  SetFlops(state, 2.0 * s.out_c * s.in_c * s.out_h);
}
BENCHMARK(BM_NchwcConv1x1)->Apply(PointwiseShapes);

// As in a model run: the packed weights come from memory, not from the caches (each
// iteration uses the next of enough copies to overflow the last-level cache).
void BM_Conv1x1ColdWeights(benchmark::State& state) {
  const int m = static_cast<int>(state.range(0));
  const int k = static_cast<int>(state.range(1));
  const int n = static_cast<int>(state.range(2));
  xm::SgemmOptions options;
  if (!IsaFromArg(state, state.range(3), &options.isa)) return;
  const size_t packed_size = xm::PackedASize(m, k);
  const size_t copies = std::max<size_t>(2, (256u << 20) / 4 / packed_size);  // 256 MB
  const auto a = Random(static_cast<size_t>(m) * k, 1);
  Buffer packed(packed_size * copies);
  for (size_t i = 0; i < copies; ++i) xm::PackA(m, k, a.data(), k, packed.data() + i * packed_size);
  const auto b = Random(static_cast<size_t>(k) * n, 2);
  Buffer c(static_cast<size_t>(m) * n);
  size_t next = 0;
  for (auto _ : state) {
    xm::SgemmPacked(m, n, k, packed.data() + next * packed_size, b.data(), n, 0.f, c.data(), n,
                    {}, options);
    next = (next + 1) % copies;
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * m * n * k);
}
BENCHMARK(BM_Conv1x1ColdWeights)
    ->ArgNames({"M", "K", "N", "isa"})
    ->ArgsProduct({{1024}, {1024}, {49}, {1, 2}})
    ->Args({512, 512, 196, 2})
    ->Args({512, 4608, 49, 2})
    ->Args({128, 128, 3136, 2});

// ResNet18's 3x3 convolutions as im2col GEMMs {M = out_c, K = 9 * in_c, N = out H*W}.
const long kIm2colShapes[][3] = {
    {64, 576, 3136},    // conv2_x
    {128, 576, 784},    // conv3_1 (stride 2)
    {128, 1152, 784},   // conv3_x
    {256, 1152, 196},   // conv4_1 (stride 2)
    {256, 2304, 196},   // conv4_x
    {512, 2304, 49},    // conv5_1 (stride 2)
    {512, 4608, 49},    // conv5_x
};
void BM_Im2col(benchmark::State& state) {
  xm::SgemmOptions options;
  if (!IsaFromArg(state, state.range(3), &options.isa)) return;
  RunPacked(state, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
            static_cast<int>(state.range(2)), true, options);
}
void Im2colShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"M", "K", "N", "isa"});
  for (long isa : {1, 2}) {
    for (const auto& s : kIm2colShapes) b->Args({s[0], s[1], s[2], isa});
  }
}
BENCHMARK(BM_Im2col)->Apply(Im2colShapes);

xm::ParallelForFn PoolHook(paddle::lite::ThreadPool* pool) {
  return [pool](int tasks, const std::function<void(int)>& task) {
    pool->ParallelFor(tasks, task);
  };
}

// Threads through the predictor's thread pool (created once, as a predictor does), or
// through threads created on every call (spawn 1, as before the pool: the cost saved).
void BM_SgemmThreads(benchmark::State& state) {
  const int threads = static_cast<int>(state.range(3));
  paddle::lite::ThreadPool pool(threads);
  xm::SgemmOptions options;
  options.threads = threads;
  options.parallel_for = PoolHook(&pool);
  if (state.range(4)) {
    options.parallel_for = [](int tasks, const std::function<void(int)>& task) {
      std::vector<std::thread> workers;
      for (int t = 1; t < tasks; ++t) workers.emplace_back(task, t);
      task(0);
      for (auto& w : workers) w.join();
    };
  }
  RunPacked(state, static_cast<int>(state.range(0)), static_cast<int>(state.range(1)),
            static_cast<int>(state.range(2)), false, options);
}
void ThreadShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"M", "K", "N", "threads", "spawn"});
  const long shapes[][3] = {{96, 16, 12544}, {144, 24, 3136}, {384, 64, 196},
                            {960, 160, 49},  {1024, 1024, 49}, {512, 512, 196},
                            {128, 128, 3136}, {64, 576, 3136}, {256, 2304, 196},
                            {512, 4608, 49}, {512, 512, 512}};
  for (const auto& s : shapes) {
    for (long t : {1, 2}) b->Args({s[0], s[1], s[2], t, 0});
  }
  b->Args({96, 16, 12544, 2, 1});
}
BENCHMARK(BM_SgemmThreads)->Apply(ThreadShapes)->UseRealTime();

// fc: Y[M x N] = X[M x K] W[K x N] + bias, W read as it is stored.
void BM_Gemv(benchmark::State& state) {
  const int m = static_cast<int>(state.range(0));
  const int k = static_cast<int>(state.range(1));
  const int n = static_cast<int>(state.range(2));
  const int threads = static_cast<int>(state.range(4));
  xm::SgemmOptions options;
  if (!IsaFromArg(state, state.range(3), &options.isa)) return;
  paddle::lite::ThreadPool pool(threads);
  options.threads = threads;
  options.parallel_for = PoolHook(&pool);
  const auto x = Random(static_cast<size_t>(m) * k, 1);
  const auto w = Random(static_cast<size_t>(k) * n, 2);
  const auto bias = Random(static_cast<size_t>(n), 3);
  Buffer y(static_cast<size_t>(m) * n);
  xm::GemmEpilogue epilogue;
  epilogue.bias = bias.data();
  for (auto _ : state) {
    xm::Gemv(m, n, k, x.data(), k, w.data(), n, y.data(), n, epilogue, options);
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * m * n * k);
}
void GemvShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"M", "K", "N", "isa", "threads"});
  const long shapes[][3] = {{1, 1024, 1000}, {1, 1280, 1000}, {1, 512, 1000}, {4, 1024, 1000}};
  for (const auto& s : shapes) {
    for (long isa : {1, 2}) b->Args({s[0], s[1], s[2], isa, 1});
    b->Args({s[0], s[1], s[2], 2, 2});
  }
}
BENCHMARK(BM_Gemv)->Apply(GemvShapes)->UseRealTime();

// The same fc through Sgemm (X packed as A on every call, W read in place as B), as fc ran
// before Gemv: where the two cross decides fc's row threshold.
void BM_FcSgemm(benchmark::State& state) {
  const int m = static_cast<int>(state.range(0));
  const int k = static_cast<int>(state.range(1));
  const int n = static_cast<int>(state.range(2));
  const auto x = Random(static_cast<size_t>(m) * k, 1);
  const auto w = Random(static_cast<size_t>(k) * n, 2);
  Buffer y(static_cast<size_t>(m) * n);
  for (auto _ : state) {
    xm::Sgemm(m, n, k, 1.f, x.data(), k, w.data(), n, 0.f, y.data(), n);
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * m * n * k);
}
void FcShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"M", "K", "N"});
  for (long m : {1, 2, 4, 6, 8}) b->Args({m, 1024, 1000});
}
BENCHMARK(BM_FcSgemm)->Apply(FcShapes);
void BM_FcGemv(benchmark::State& state) {
  const int m = static_cast<int>(state.range(0));
  const int k = static_cast<int>(state.range(1));
  const int n = static_cast<int>(state.range(2));
  const auto x = Random(static_cast<size_t>(m) * k, 1);
  const auto w = Random(static_cast<size_t>(k) * n, 2);
  Buffer y(static_cast<size_t>(m) * n);
  for (auto _ : state) {
    xm::Gemv(m, n, k, x.data(), k, w.data(), n, y.data(), n);
    benchmark::ClobberMemory();
  }
  SetFlops(state, 2.0 * m * n * k);
}
BENCHMARK(BM_FcGemv)->Apply(FcShapes);

}  // namespace

BENCHMARK_MAIN();
