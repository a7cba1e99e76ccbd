// The NCHW16c int8 layers (lite/backends/x86/math/nchwc_int8) with float or int8 activations
// around them, one thread, on ch_PP-OCRv3_det_slim's 160x160 bottleneck (16 -> 40 pointwise,
// 40-channel 3x3 depthwise, 40 -> 16 pointwise):
//   BM_Frame/C/HW/int8_in         NchwcInt8FrameInput: quantize floats (0) or copy int8 (1)
//   BM_Pointwise/IC/OC/HW/int8    frame + NchwcInt8Conv, float (0) or int8 (1) in and out
//   BM_Depthwise/C/HW/int8        NchwcInt8DepthwiseRows, float (0) or int8 (1) in and out
// What int8_chain_pass buys a layer is its int8 row against its float row. The same buffers
// every iteration (a layer's data stays in the caches as far as its size allows); skipped
// where the CPU lacks AVX512_VNNI. Run with repetitions and read the medians:
//   nchwc_int8_benchmark --benchmark_repetitions=3 --benchmark_report_aggregates_only=true
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_conv.h"
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_depthwise.h"
#include "lite/utils/aligned_vector.h"

namespace {

namespace xm = paddle::lite::x86::math;
using paddle::lite::Activation;
using paddle::lite::ActivationType;
using paddle::lite::AlignedVector;

constexpr int kB = xm::kNchwcInt8Block;
constexpr float kInvScale = 40.f;

bool Runs(benchmark::State& state) {
  if (xm::NchwcInt8BestIsa() == xm::NchwcInt8Isa::kAvx512Vnni) return true;
  state.SkipWithError("CPU lacks AVX512_VNNI");
  return false;
}

// A blocked activation as floats and as its int8 values.
struct Activations {
  AlignedVector<float> f32;
  AlignedVector<int8_t> s8;
  Activations(int channels, int hw, unsigned seed) {
    const size_t n = static_cast<size_t>((channels + kB - 1) / kB) * hw * hw * kB;
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> dist(-3.f, 3.f);
    f32.resize(n);
    s8.resize(n);
    for (size_t i = 0; i < n; ++i) {
      f32[i] = dist(gen);
      s8[i] = static_cast<int8_t>(xm::QuantizeToQ(f32[i], kInvScale, false));
    }
  }
  xm::NchwcInt8Source Source(bool int8) const {
    return int8 ? xm::NchwcInt8Source(s8.data())
                : xm::NchwcInt8Source(f32.data(), kInvScale, false);
  }
  xm::NchwcInt8Sink Sink(bool int8) {
    return int8 ? xm::NchwcInt8Sink(s8.data(), kInvScale, false) : xm::NchwcInt8Sink(f32.data());
  }
};

Activation HardSwish() {
  Activation a;
  a.kind = ActivationType::kHardSwish;
  return a;
}

xm::NchwcInt8ConvShape Pointwise(int in_c, int out_c, int hw) {
  xm::NchwcInt8ConvShape s;
  s.in_c = in_c;
  s.out_c = out_c;
  s.in_h = s.in_w = s.out_h = s.out_w = hw;
  return s;
}

void BM_Frame(benchmark::State& state) {
  if (!Runs(state)) return;
  const int c = static_cast<int>(state.range(0)), hw = static_cast<int>(state.range(1));
  const bool int8 = state.range(2) != 0;
  const xm::NchwcInt8ConvShape s = Pointwise(c, c, hw);
  const Activations x(c, hw, 1);
  const xm::NchwcInt8Frame f = xm::NchwcInt8FrameOf(s);
  AlignedVector<uint8_t> frame(f.Bytes());
  for (auto _ : state) {
    xm::NchwcInt8FrameInput(s, x.Source(int8), 0, f.h, frame.data());
    benchmark::DoNotOptimize(frame.data());
  }
}
BENCHMARK(BM_Frame)->Args({16, 160, 0})->Args({16, 160, 1})->Args({40, 160, 0})->Args({40, 160, 1});

void BM_Pointwise(benchmark::State& state) {
  if (!Runs(state)) return;
  const int in_c = static_cast<int>(state.range(0)), out_c = static_cast<int>(state.range(1));
  const int hw = static_cast<int>(state.range(2));
  const bool int8 = state.range(3) != 0;
  const xm::NchwcInt8ConvShape s = Pointwise(in_c, out_c, hw);
  const Activations x(in_c, hw, 2);
  Activations y(out_c, hw, 3);
  std::vector<int8_t> w(static_cast<size_t>(in_c) * out_c, 3);
  std::vector<float> scales(out_c, 1e-3f), bias(out_c, 0.1f);
  const xm::NchwcInt8Filter filter(s, w.data(), scales.data(), bias.data());
  const xm::NchwcInt8Frame f = xm::NchwcInt8FrameOf(s);
  AlignedVector<uint8_t> frame(f.Bytes());
  const int blocks = (out_c + kB - 1) / kB;
  const Activation act = HardSwish();
  for (auto _ : state) {
    xm::NchwcInt8FrameInput(s, x.Source(int8), 0, f.h, frame.data());
    xm::NchwcInt8Conv(s, frame.data(), filter, act, 0, blocks, 0, xm::NchwcInt8ConvRows(s),
                      y.Sink(int8));
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Pointwise)->Args({16, 40, 160, 0})->Args({16, 40, 160, 1})
    ->Args({40, 16, 160, 0})->Args({40, 16, 160, 1});

void BM_Depthwise(benchmark::State& state) {
  if (!Runs(state)) return;
  const int c = static_cast<int>(state.range(0)), hw = static_cast<int>(state.range(1));
  const bool int8 = state.range(2) != 0;
  xm::NchwcInt8DepthwiseShape s;
  s.channels = c;
  s.in_h = s.in_w = s.out_h = s.out_w = hw;
  s.kernel_h = s.kernel_w = 3;
  s.pad_top = s.pad_left = 1;
  const Activations x(c, hw, 4);
  Activations y(c, hw, 5);
  std::vector<int8_t> w(static_cast<size_t>(c) * 9, 5);
  std::vector<float> scales(c, 1e-3f), bias(c, 0.1f);
  const xm::NchwcInt8DepthwiseFilter filter(s, w.data(), scales.data(), bias.data());
  const int band_rows = 16;
  AlignedVector<float> band(xm::NchwcInt8DepthwiseBandFloats(s, band_rows));
  const size_t plane = static_cast<size_t>(hw) * hw * kB;
  const Activation act = HardSwish();
  for (auto _ : state) {
    for (int b = 0; b < (c + kB - 1) / kB; ++b) {
      for (int oy = 0; oy < hw; oy += band_rows) {
        xm::NchwcInt8DepthwiseRows(s, x.Source(int8).At(b * plane), filter, b, act, oy,
                                   std::min(hw, oy + band_rows), band.data(),
                                   y.Sink(int8).At(b * plane));
      }
    }
    benchmark::ClobberMemory();
  }
}
BENCHMARK(BM_Depthwise)->Args({40, 160, 0})->Args({40, 160, 1});

}  // namespace

BENCHMARK_MAIN();
