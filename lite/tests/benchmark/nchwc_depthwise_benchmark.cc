// Depthwise 3x3 convolution speed, one thread, in GFLOP/s (counter GFLOPS = 2 * C * OH * OW
// * 9 / time), fused relu6, bias, padding 1, on the 3x3 depthwise layers of MobileNetV1 and
// MobileNetV2 at 224x224:
//   BM_NchwcDepthwise/C/H/S/isa  NchwcDepthwiseRows over every channel block (NCHW16c);
//                                isa 1 = AVX2 forced, 2 = AVX-512 (skipped without it)
//   BM_NchwDepthwise/C/H/S       DepthwiseConvPlanes, the NCHW kernel (its own ISA choice)
// C channels, H input height = width, S stride. The same buffers every iteration, so a
// layer's data sits in the caches as much as its size allows.
// Run with repetitions on a shared machine and read the medians, e.g.
//   nchwc_depthwise_benchmark --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/depthwise/depthwise_conv.h"
#include "lite/backends/x86/math/nchwc/nchwc_depthwise.h"
#include "lite/utils/aligned_vector.h"

namespace {

namespace xm = paddle::lite::x86::math;
namespace simd = paddle::lite::simd;
using paddle::lite::Activation;
using paddle::lite::ActivationType;
using paddle::lite::x86::CpuHasAvx2Fma;
using paddle::lite::x86::CpuHasAvx512f;

constexpr int kLanes = xm::kNchwcBlock;

// 64-byte aligned, as tensors are (lite/core/memory.h): a zmm load of an unaligned pixel
// spans two cache lines and halves the load rate.
using Buffer = paddle::lite::AlignedVector<float>;

Buffer Random(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1.f, 1.f);
  Buffer v(n);
  for (auto& x : v) x = dist(gen);
  return v;
}

struct Layer {
  int channels, in_hw, stride, out_hw;
  explicit Layer(const benchmark::State& state)
      : channels(static_cast<int>(state.range(0))),
        in_hw(static_cast<int>(state.range(1))),
        stride(static_cast<int>(state.range(2))),
        out_hw((in_hw + 2 - 3) / stride + 1) {}
  double Flops() const { return 2.0 * channels * out_hw * out_hw * 9; }
};

void SetFlops(benchmark::State& state, double flops_per_iteration) {
  state.counters["GFLOPS"] = benchmark::Counter(flops_per_iteration * 1e-9,
                                                benchmark::Counter::kIsIterationInvariantRate);
}

Activation Relu6() {
  Activation e;
  e.kind = ActivationType::kRelu6;
  return e;
}

void BM_NchwcDepthwise(benchmark::State& state) {
  const Layer l(state);
  const bool avx512 = state.range(3) == 2;
  if (!CpuHasAvx2Fma() || (avx512 && !CpuHasAvx512f())) {
    state.SkipWithError("CPU lacks the ISA");
    return;
  }
  const int blocks = (l.channels + kLanes - 1) / kLanes;
  xm::NchwcDepthwiseShape s;
  s.in_h = s.in_w = l.in_hw;
  s.out_h = s.out_w = l.out_hw;
  s.kernel_h = s.kernel_w = 3;  // the packed filter's (ConvWindow defaults to 1x1)
  s.stride_h = s.stride_w = l.stride;
  s.pad_top = s.pad_left = 1;
  const size_t in_plane = static_cast<size_t>(l.in_hw) * l.in_hw * kLanes;
  const size_t out_plane = static_cast<size_t>(l.out_hw) * l.out_hw * kLanes;
  const Buffer in = Random(blocks * in_plane, 1);
  const Buffer w = Random(static_cast<size_t>(l.channels) * 9, 2);
  const Buffer b = Random(l.channels, 3);
  Buffer filter(simd::NchwcDepthwiseFilterSize(l.channels, 3, 3, kLanes));
  Buffer bias(simd::NchwcDepthwiseBiasSize(l.channels, kLanes));
  simd::NchwcDepthwisePackFilter(w.data(), l.channels, 3, 3, kLanes, filter.data());
  simd::NchwcDepthwisePackBias(b.data(), l.channels, kLanes, bias.data());
  Buffer out(blocks * out_plane);
  const Activation epilogue = Relu6();
  xm::NchwcDepthwiseAllowAvx512(avx512);
  for (auto _ : state) {
    for (int blk = 0; blk < blocks; ++blk) {
      xm::NchwcDepthwiseRows(s, in.data() + blk * in_plane, filter.data() + blk * 9 * kLanes,
                             bias.data() + blk * kLanes, epilogue, 0, l.out_hw,
                             out.data() + blk * out_plane);
    }
    benchmark::ClobberMemory();
  }
  xm::NchwcDepthwiseAllowAvx512(true);
  SetFlops(state, l.Flops());
}

void BM_NchwDepthwise(benchmark::State& state) {
  const Layer l(state);
  if (!CpuHasAvx2Fma()) {
    state.SkipWithError("CPU lacks AVX2/FMA");
    return;
  }
  xm::DepthwisePlane p;
  p.in_h = p.in_w = l.in_hw;
  p.out_h = p.out_w = l.out_hw;
  p.stride_h = p.stride_w = l.stride;
  p.pad_top = p.pad_left = 1;
  const Buffer in = Random(static_cast<size_t>(l.channels) * l.in_hw * l.in_hw, 1);
  const Buffer w = Random(static_cast<size_t>(l.channels) * 9, 2);
  const Buffer b = Random(l.channels, 3);
  Buffer out(static_cast<size_t>(l.channels) * l.out_hw * l.out_hw);
  const Activation epilogue = Relu6();
  for (auto _ : state) {
    xm::DepthwiseConvPlanes(in.data(), w.data(), b.data(), l.channels, 0, l.channels, p,
                            epilogue, out.data());
    benchmark::ClobberMemory();
  }
  SetFlops(state, l.Flops());
}

// {channels, input size, stride}: MobileNetV1's nine, then MobileNetV2's (its first, 32 at
// 112 stride 1, is MobileNetV1's first).
const std::vector<std::vector<int64_t>> kLayers = {
    {32, 112, 1}, {64, 112, 2}, {128, 56, 1}, {128, 56, 2}, {256, 28, 1}, {256, 28, 2},
    {512, 14, 1}, {512, 14, 2}, {1024, 7, 1}, {96, 112, 2},  {144, 56, 1}, {144, 56, 2},
    {192, 28, 1}, {192, 28, 2}, {384, 14, 1}, {576, 14, 1}, {576, 14, 2}, {960, 7, 1}};

void NchwcShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"C", "H", "S", "isa"});
  for (const auto& l : kLayers) {
    for (int64_t isa : {2, 1}) b->Args({l[0], l[1], l[2], isa});
  }
}

void NchwShapes(benchmark::internal::Benchmark* b) {
  b->ArgNames({"C", "H", "S"});
  for (const auto& l : kLayers) b->Args(l);
}

}  // namespace

BENCHMARK(BM_NchwcDepthwise)->Apply(NchwcShapes)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_NchwDepthwise)->Apply(NchwShapes)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
