// The int8 conv2d's im2col + GEMM path (host::Int8GemmConv over x86's int8 GEMM, as ARM and
// AVX-VNNI-only CPUs run every int8 conv, and AVX512_VNNI CPUs the convs the NCHW16c tiles do
// not take), float input and output, relu:
//   BM_Int8GemmConv/layer/threads/blocked   blocked 1: im2col in blocks of output rows (the
//                                           kernel's sizes); 0: the whole image unfolded
//                                           before one GEMM (one block of every row; the
//                                           quantize and unfold still split over threads)
// Layers: PP-OCRv3 det's FPN 96 -> 24 3x3 convs at 160x160 and 80x80, ResNet's 64 -> 64 3x3
// at 56x56 and a 128 -> 256 3x3 stride 2 at 28x28. The same buffers every iteration. Run with
// repetitions and read the medians:
//   int8_gemm_conv_benchmark --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "lite/core/thread_pool.h"
#include "lite/kernels/x86/int8_gemm.h"

namespace {

namespace pl = paddle::lite;

struct Layer {
  const char* name;
  int in_c, hw, out_c, stride;
};

const Layer kLayers[] = {
    {"fpn_96_24_160", 96, 160, 24, 1},
    {"fpn_96_24_80", 96, 80, 24, 1},
    {"resnet_64_64_56", 64, 56, 64, 1},
    {"resnet_s2_128_256_28", 128, 28, 256, 2},
};

void BM_Int8GemmConv(benchmark::State& state) {
  const Layer& l = kLayers[state.range(0)];
  const int threads = static_cast<int>(state.range(1));
  const bool blocked = state.range(2) != 0;
  pl::kernels::host::Int8Gemm<pl::x86::math::IgemmOptions> gemm = pl::kernels::x86::kInt8Gemm;
  if (!blocked) gemm.im2col_blocks = {INT64_MAX / 4, INT64_MAX / 4, 1, INT64_MAX / 4};
  const int out_hw = (l.hw + 2 - 3) / l.stride + 1;

  std::mt19937 gen(1);
  std::uniform_real_distribution<float> dist(-3.f, 3.f);
  std::uniform_int_distribution<int> weight(-127, 127);
  pl::Tensor x, w, b, out;
  x.Resize({1, l.in_c, l.hw, l.hw});
  float* xf = x.mutable_data<float>();
  for (int64_t i = 0; i < x.numel(); ++i) xf[i] = dist(gen);
  w.Resize({l.out_c, l.in_c, 3, 3});
  int8_t* wq = w.mutable_data<int8_t>();
  for (int64_t i = 0; i < w.numel(); ++i) wq[i] = static_cast<int8_t>(weight(gen));
  b.Resize({l.out_c});
  float* bf = b.mutable_data<float>();
  for (int i = 0; i < l.out_c; ++i) bf[i] = dist(gen);
  out.Resize({1, l.out_c, out_hw, out_hw});

  pl::operators::ConvParam param;
  param.x = &x;
  param.filter = &w;
  param.bias = &b;
  param.output = &out;
  param.strides = {l.stride, l.stride};
  param.paddings = {1, 1, 1, 1};
  param.act.kind = pl::ActivationType::kRelu;
  param.int8.enabled = true;
  param.int8.input = 3.f / 127;
  param.int8.weight.assign(l.out_c, 0.01f);

  pl::KernelContext ctx;
  std::unique_ptr<pl::ThreadPool> pool;
  if (threads > 1) {
    pool.reset(new pl::ThreadPool(threads));
    ctx.pool = pool.get();
  }
  pl::kernels::host::Int8GemmConv conv;
  conv.Prepare(param);
  conv.Run(ctx, gemm, param);
  for (auto _ : state) conv.Run(ctx, gemm, param);
  const double ops = 2.0 * l.out_c * out_hw * out_hw * l.in_c * 9;
  state.counters["GOPS"] =
      benchmark::Counter(ops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(std::string(l.name) + (blocked ? " blocked" : " whole image"));
}

void Layers(benchmark::internal::Benchmark* b) {
  b->ArgNames({"layer", "threads", "blocked"});
  for (long i = 0; i < static_cast<long>(sizeof(kLayers) / sizeof(kLayers[0])); ++i) {
    for (long threads : {1, 2}) {
      b->Args({i, threads, 0});
      b->Args({i, threads, 1});
    }
  }
}
BENCHMARK(BM_Int8GemmConv)->Apply(Layers)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
