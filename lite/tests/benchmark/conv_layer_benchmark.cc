// One conv2d layer through the x86 kernels as a model runs it (op shape inference + kernel
// launch, packed weights kept between runs), NCHW kernel against NCHW16c kernel on the same
// layer, one thread:
//   BM_ConvLayer/layer/kernel   kernel 0: x86 NCHW ("def": small-C direct, Winograd, im2col
//                               or pointwise GEMM, as it picks); 1: x86 NCHW16c (blocked
//                               input, "def"; "nchw_in" for 3-channel inputs)
// GFLOP/s counts direct-convolution multiply-adds (2 * out_c * out_h * out_w * in_c * k * k),
// so Winograd layers can exceed the FMA peak. Layers: SqueezeNet 1.1's 3x3 expands, ResNet18's
// 3x3 convolutions (stride 1 and 2) and 1x1 downsamples, the networks' first convolutions,
// MobileNetV1's pointwise convolutions. With --cold every run starts with the caches
// flushed (a 64 MB sweep, not timed), as layers do in a model whose weights exceed L3. With
// --avx2 the NCHW16c kernel runs its AVX2 tiles on an AVX-512 machine too.
// Run with repetitions and read the medians:
//   conv_layer_benchmark [--cold] [--avx2] --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "lite/backends/x86/math/nchwc/nchwc_conv.h"
#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace {

namespace t = paddle::lite::test;

struct Layer {
  const char* name;
  int c, h, out_c, k, stride, pad;
};

const Layer kLayers[] = {
    {"squeeze_16_64_56", 16, 56, 64, 3, 1, 1},     {"squeeze_32_128_28", 32, 28, 128, 3, 1, 1},
    {"squeeze_48_192_14", 48, 14, 192, 3, 1, 1},   {"squeeze_64_256_14", 64, 14, 256, 3, 1, 1},
    {"resnet_64_64_56", 64, 56, 64, 3, 1, 1},      {"resnet_128_128_28", 128, 28, 128, 3, 1, 1},
    {"resnet_256_256_14", 256, 14, 256, 3, 1, 1},  {"resnet_512_512_7", 512, 7, 512, 3, 1, 1},
    {"resnet_s2_64_128_56", 64, 56, 128, 3, 2, 1}, {"resnet_s2_128_256_28", 128, 28, 256, 3, 2, 1},
    {"resnet_s2_256_512_14", 256, 14, 512, 3, 2, 1},
    {"resnet_1x1s2_64_128_56", 64, 56, 128, 1, 2, 0},
    {"first_3_32_224_s2", 3, 224, 32, 3, 2, 1},    {"first_3_64_227_s2", 3, 227, 64, 3, 2, 0},
    {"first_3_64_224_7x7", 3, 224, 64, 7, 2, 3},
    {"mbv1_pw_32_64_112", 32, 112, 64, 1, 1, 0},   {"mbv1_pw_64_128_56", 64, 56, 128, 1, 1, 0},
    {"mbv1_pw_512_512_14", 512, 14, 512, 1, 1, 0}, {"mbv1_pw_1024_1024_7", 1024, 7, 1024, 1, 1, 0},
};

bool cold = false;

void FlushCaches() {
  static std::vector<char> sweep(64 << 20);
  for (size_t i = 0; i < sweep.size(); i += 64) ++sweep[i];
}

void BM_ConvLayer(benchmark::State& state) {
  const Layer& l = kLayers[state.range(0)];
  const bool blocked = state.range(1) == 1;
  t::ConvCase p;
  p.c = l.c;
  p.h = p.w = l.h;
  p.out_c = l.out_c;
  p.kh = p.kw = l.k;
  p.strides = {l.stride, l.stride};
  p.paddings = {l.pad, l.pad};
  p.bias = true;
  p.act = "relu";
  const t::OpCase op = t::MakeConv(p, t::MakeConvInputs(p, 1));
  const bool nchw_in = l.c < 16;
  t::KernelRun run(op, blocked ? t::kX86BlockedPlace : t::kX86Place, 1,
                   blocked ? (nchw_in ? "nchw_in" : "def") : "",
                   blocked && !nchw_in ? std::vector<std::string>{"x"}
                                       : std::vector<std::string>{});
  run.Run();
  for (auto _ : state) {
    if (cold) {
      state.PauseTiming();
      FlushCaches();
      state.ResumeTiming();
    }
    run.Run();
  }
  const auto& out = run.Var("out").dims();
  const double flops = 2.0 * out[1] * out[2] * out[3] * l.c * l.k * l.k;
  state.counters["GFLOPS"] =
      benchmark::Counter(flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(std::string(l.name) + (blocked ? " NCHW16c" : " NCHW"));
}

void Layers(benchmark::internal::Benchmark* b) {
  b->ArgNames({"layer", "blocked"});
  for (long i = 0; i < static_cast<long>(sizeof(kLayers) / sizeof(kLayers[0])); ++i) {
    b->Args({i, 0});
    b->Args({i, 1});
  }
}
BENCHMARK(BM_ConvLayer)->Apply(Layers);

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--cold") cold = true;
    if (std::string(argv[i]) == "--avx2") paddle::lite::x86::math::NchwcConvAllowAvx512(false);
  }
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  return 0;
}
