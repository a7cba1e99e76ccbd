// The NCHW16c int8 depthwise convolution (lite/backends/x86/math/nchwc_int8) on every path
// this CPU runs, forced, against a naive quantized depthwise convolution written here on
// NCHW data: the input rounded as the model says (ties away or to even, clamped, NaN to the
// lower bound), int64 sums over the window with zero padding, scaled, biased and activated.
// Shapes straddle blocks (channels not multiples of 16), tiles (widths past 8 and below),
// 3x3 / 5x5 at strides 1 and 2, dilation, asymmetric kernels, and calls of a few output rows
// (bands) at a time; values sit on rounding ties, beyond the scale, are NaN or subnormal.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_depthwise.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace {

constexpr int kB = kNchwcInt8DepthwiseBlock;

struct Case {
  int channels, in_h, in_w, kernel_h, kernel_w, stride, pad, dilation;
};

const Case kCases[] = {
    {16, 7, 9, 3, 3, 1, 1, 1},    // one block, a tile of 8 and a rest of 1
    {24, 11, 21, 3, 3, 2, 1, 1},  // stride 2, a ragged second block
    {40, 9, 12, 5, 5, 1, 2, 1},   // 5x5 (PP-OCRv3's)
    {48, 10, 17, 5, 5, 2, 2, 1},  // 5x5 stride 2
    {17, 8, 8, 3, 3, 1, 2, 2},    // dilated, padding past a tap
    {32, 5, 4, 1, 1, 1, 0, 1},    // 1x1, narrower than a tile
    {16, 9, 6, 3, 1, 1, 1, 1},    // 3x1 (padding only rows need; columns padded 1 too)
};

std::vector<NchwcInt8DepthwiseIsa> IsasOfThisCpu() {
  std::vector<NchwcInt8DepthwiseIsa> isas{NchwcInt8DepthwiseIsa::kScalar};
  if (kWithAvx512 && CpuHasAvx512f()) isas.push_back(NchwcInt8DepthwiseIsa::kAvx512);
  return isas;
}

const char* Name(NchwcInt8DepthwiseIsa isa) {
  return isa == NchwcInt8DepthwiseIsa::kAvx512 ? "avx512" : "scalar";
}

NchwcInt8DepthwiseShape ShapeOf(const Case& c) {
  NchwcInt8DepthwiseShape s;
  s.channels = c.channels;
  s.in_h = c.in_h;
  s.in_w = c.in_w;
  s.kernel_h = c.kernel_h;
  s.kernel_w = c.kernel_w;
  s.stride_h = s.stride_w = c.stride;
  s.pad_top = s.pad_left = c.pad;
  s.dilation_h = s.dilation_w = c.dilation;
  s.out_h = (c.in_h + 2 * c.pad - c.dilation * (c.kernel_h - 1) - 1) / c.stride + 1;
  s.out_w = (c.in_w + 2 * c.pad - c.dilation * (c.kernel_w - 1) - 1) / c.stride + 1;
  return s;
}

// q of the model's rounding: ties away from zero clamped to [-127, 127], or ties to even
// clamped to [-128, 127]; NaN the lower bound.
double Quantize(float x, float inv_scale, bool ties_to_even) {
  const double lo = ties_to_even ? -128 : -127;
  const float v = x * inv_scale;
  if (std::isnan(v)) return lo;
  const double r = ties_to_even ? std::nearbyint(v) : std::round(v);
  return std::min(127.0, std::max(lo, r));
}

struct Data {
  std::vector<float> x;  // NCHW, one image
  std::vector<int8_t> w;  // [C][1][kh][kw]
  std::vector<float> scales, bias;
};

Data MakeData(const NchwcInt8DepthwiseShape& s, float inv_scale, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> value(-200.f / inv_scale, 200.f / inv_scale);
  std::uniform_int_distribution<int> weight(-128, 127), tie(-60, 60), kind(0, 19);
  Data d;
  d.x.resize(static_cast<size_t>(s.channels) * s.in_h * s.in_w);
  for (float& v : d.x) {
    const int k = kind(gen);
    if (k == 0) {
      v = (tie(gen) + 0.5f) / inv_scale;  // a halfway case (inv_scale a power of two)
    } else if (k == 1) {
      v = std::numeric_limits<float>::quiet_NaN();
    } else if (k == 2) {
      v = std::numeric_limits<float>::denorm_min() * static_cast<float>(tie(gen));
    } else {
      v = value(gen);  // a third beyond the clamp
    }
  }
  d.w.resize(static_cast<size_t>(s.channels) * s.kernel_h * s.kernel_w);
  for (int8_t& v : d.w) v = static_cast<int8_t>(weight(gen));
  std::uniform_real_distribution<float> scale(-2e-3f, 2e-3f), shift(-1.f, 1.f);
  for (int c = 0; c < s.channels; ++c) {
    d.scales.push_back(scale(gen));
    d.bias.push_back(shift(gen));
  }
  return d;
}

// NCHW output of the naive convolution.
std::vector<float> Naive(const NchwcInt8DepthwiseShape& s, const Data& d, float inv_scale,
                         bool ties_to_even, const Activation& act) {
  std::vector<float> y(static_cast<size_t>(s.channels) * s.out_h * s.out_w);
  for (int c = 0; c < s.channels; ++c) {
    for (int oy = 0; oy < s.out_h; ++oy) {
      for (int ox = 0; ox < s.out_w; ++ox) {
        int64_t acc = 0;
        for (int ky = 0; ky < s.kernel_h; ++ky) {
          for (int kx = 0; kx < s.kernel_w; ++kx) {
            const int iy = oy * s.stride_h - s.pad_top + ky * s.dilation_h;
            const int ix = ox * s.stride_w - s.pad_left + kx * s.dilation_w;
            if (iy < 0 || iy >= s.in_h || ix < 0 || ix >= s.in_w) continue;
            const float x = d.x[(static_cast<size_t>(c) * s.in_h + iy) * s.in_w + ix];
            acc += static_cast<int64_t>(Quantize(x, inv_scale, ties_to_even)) *
                   d.w[(static_cast<size_t>(c) * s.kernel_h + ky) * s.kernel_w + kx];
          }
        }
        const double v = static_cast<double>(acc) * d.scales[c] + d.bias[c];
        y[(static_cast<size_t>(c) * s.out_h + oy) * s.out_w + ox] =
            ApplyActivation(static_cast<float>(v), act);
      }
    }
  }
  return y;
}

// Blocks NCHW [C][H][W] into [C/16][H][W][16], zero past C.
std::vector<float> Block(const std::vector<float>& x, int channels, int h, int w) {
  const int blocks = (channels + kB - 1) / kB;
  std::vector<float> b(static_cast<size_t>(blocks) * h * w * kB, 0.f);
  for (int c = 0; c < channels; ++c) {
    for (int i = 0; i < h * w; ++i) b[((c / kB) * h * w + i) * kB + c % kB] = x[c * h * w + i];
  }
  return b;
}

// How the layer reads its input and writes its output: floats, or int8 q (of the input's
// scale, computed here as an int8 producer writes them; of scale 1 / inv_out for int8
// readers).
struct Io {
  bool int8_in{false};
  float inv_out{0.f};  // > 0: int8 output
};

// Runs every block in calls of `band` output rows, returns NCHW (int8 outputs as floats).
std::vector<float> RunBands(const NchwcInt8DepthwiseShape& s, const Data& d, float inv_scale,
                            bool ties_to_even, const Activation& act, int band,
                            NchwcInt8DepthwiseIsa isa, Io io = Io()) {
  const NchwcInt8DepthwiseFilter filter(s, d.w.data(), d.scales.data(), d.bias.data());
  const std::vector<float> in = Block(d.x, s.channels, s.in_h, s.in_w);
  std::vector<int8_t> q_in(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    q_in[i] = static_cast<int8_t>(Quantize(in[i], inv_scale, ties_to_even));
  }
  const int blocks = (s.channels + kB - 1) / kB;
  const size_t in_plane = static_cast<size_t>(s.in_h) * s.in_w * kB;
  const size_t out_plane = static_cast<size_t>(s.out_h) * s.out_w * kB;
  std::vector<float> out(blocks * out_plane, -1e30f);
  std::vector<int8_t> q_out(out.size(), 99);
  const NchwcInt8Source source = io.int8_in ? NchwcInt8Source(q_in.data())
                                            : NchwcInt8Source(in.data(), inv_scale, ties_to_even);
  const NchwcInt8Sink sink = io.inv_out > 0.f
                                 ? NchwcInt8Sink(q_out.data(), io.inv_out, ties_to_even)
                                 : NchwcInt8Sink(out.data());
  std::vector<float> scratch(NchwcInt8DepthwiseBandFloats(s, band));
  for (int b = 0; b < blocks; ++b) {
    for (int oy = 0; oy < s.out_h; oy += band) {
      NchwcInt8DepthwiseRows(s, source.At(b * in_plane), filter, b, act, oy,
                             std::min(s.out_h, oy + band), scratch.data(),
                             sink.At(b * out_plane), isa);
    }
  }
  if (io.inv_out > 0.f) std::copy(q_out.begin(), q_out.end(), out.begin());
  std::vector<float> y(static_cast<size_t>(s.channels) * s.out_h * s.out_w);
  for (int c = 0; c < s.channels; ++c) {
    for (int i = 0; i < s.out_h * s.out_w; ++i) {
      y[c * s.out_h * s.out_w + i] = out[(c / kB) * out_plane + i * kB + c % kB];
    }
  }
  return y;
}

void ExpectClose(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  int bad = 0;
  for (size_t i = 0; i < got.size() && bad < 5; ++i) {
    // The sums are exact; only the epilogue's float rounding differs from the double one.
    if (!(std::fabs(got[i] - want[i]) <= 1e-5f + 1e-5f * std::fabs(want[i]))) {
      ADD_FAILURE() << "at " << i << ": " << got[i] << " vs " << want[i];
      ++bad;
    }
  }
}

TEST(NchwcInt8Depthwise, MatchesTheNaiveQuantizedConvolution) {
  const float inv_scale = 8.f;  // a power of two: the ties are exact
  uint32_t seed = 1;
  for (const Case& c : kCases) {
    const NchwcInt8DepthwiseShape s = ShapeOf(c);
    ASSERT_TRUE(NchwcInt8DepthwiseSupports(s));
    for (bool ties_to_even : {false, true}) {
      const Data d = MakeData(s, inv_scale, seed++);
      Activation act;
      const std::vector<float> want = Naive(s, d, inv_scale, ties_to_even, act);
      for (NchwcInt8DepthwiseIsa isa : IsasOfThisCpu()) {
        for (int band : {1, 3, s.out_h}) {
          SCOPED_TRACE(std::string(Name(isa)) + " channels " + std::to_string(c.channels) +
                       " kernel " + std::to_string(c.kernel_h) + "x" + std::to_string(c.kernel_w) +
                       " stride " + std::to_string(c.stride) + " band " + std::to_string(band) +
                       (ties_to_even ? " ties to even" : " ties away"));
          ExpectClose(RunBands(s, d, inv_scale, ties_to_even, act, band, isa), want);
        }
      }
    }
  }
}

TEST(NchwcInt8Depthwise, FusedActivationsInTheEpilogue) {
  const NchwcInt8DepthwiseShape s = ShapeOf({24, 6, 10, 3, 3, 1, 1, 1});
  const Data d = MakeData(s, 4.f, 50);
  for (ActivationType kind : {ActivationType::kRelu, ActivationType::kRelu6,
                              ActivationType::kHardSwish, ActivationType::kLeakyRelu}) {
    Activation act;
    act.kind = kind;
    act.leaky_relu_alpha = 0.1f;
    const std::vector<float> want = Naive(s, d, 4.f, false, act);
    for (NchwcInt8DepthwiseIsa isa : IsasOfThisCpu()) {
      SCOPED_TRACE(std::string(Name(isa)) + " activation " + std::to_string(static_cast<int>(kind)));
      ExpectClose(RunBands(s, d, 4.f, false, act, 2, isa), want);
    }
  }
}

// Chained between int8 layers (int8_chain_pass): reading the q an int8 producer wrote gives
// the float input's result; the int8 output is the q an int8 reader would compute from the
// float output.
TEST(NchwcInt8Depthwise, ReadsAndWritesTheInt8ValuesOfChainedLayers) {
  const float inv_scale = 8.f, inv_out = 64.f;
  uint32_t seed = 70;
  for (const Case& c : kCases) {
    const NchwcInt8DepthwiseShape s = ShapeOf(c);
    for (bool ties_to_even : {false, true}) {
      const Data d = MakeData(s, inv_scale, seed++);
      Activation act;
      act.kind = ActivationType::kHardSwish;
      const std::vector<float> want = Naive(s, d, inv_scale, ties_to_even, act);
      for (NchwcInt8DepthwiseIsa isa : IsasOfThisCpu()) {
        SCOPED_TRACE(std::string(Name(isa)) + " channels " + std::to_string(c.channels) +
                     (ties_to_even ? " ties to even" : " ties away"));
        ExpectClose(RunBands(s, d, inv_scale, ties_to_even, act, 3, isa, {true, 0.f}), want);
        const std::vector<float> y = RunBands(s, d, inv_scale, ties_to_even, act, 3, isa);
        const std::vector<float> q =
            RunBands(s, d, inv_scale, ties_to_even, act, 3, isa, {true, inv_out});
        int clamped = 0;
        for (size_t i = 0; i < q.size(); ++i) {
          ASSERT_EQ(q[i], Quantize(y[i], inv_out, ties_to_even)) << "at " << i;
          ASSERT_LE(std::fabs(q[i] - Quantize(want[i], inv_out, ties_to_even)), 1.0) << "at " << i;
          clamped += q[i] == 127;
        }
        EXPECT_GT(clamped, 0);
      }
    }
  }
}

TEST(NchwcInt8Depthwise, RejectsWhatItCannotRun) {
  NchwcInt8DepthwiseShape s = ShapeOf({16, 4, 4, 3, 3, 1, 1, 1});
  const Data d = MakeData(s, 1.f, 60);
  const NchwcInt8DepthwiseFilter filter(s, d.w.data(), d.scales.data(), d.bias.data());
  std::vector<float> in(4 * 4 * kB, 1.f), out(4 * 4 * kB), band(NchwcInt8DepthwiseBandFloats(s, 4));
  const Activation act;
  EXPECT_THROW(NchwcInt8DepthwiseRows(s, NchwcInt8Source(in.data(), 1.f, false), filter, 0, act,
                                      2, 5, band.data(), out.data()),
               std::exception);  // rows past the output
  EXPECT_THROW(NchwcInt8DepthwiseRows(s,
                                      NchwcInt8Source(in.data(),
                                                      std::numeric_limits<float>::infinity(),
                                                      false),
                                      filter, 0, act, 0, 4, band.data(), out.data()),
               std::exception);  // a scale too small to invert
  NchwcInt8DepthwiseShape wide = s;
  wide.kernel_h = wide.kernel_w = 33;  // 1089 taps: float32 sums could round
  EXPECT_FALSE(NchwcInt8DepthwiseSupports(wide));
  const std::vector<int8_t> w(33 * 33 * 16, 1);
  EXPECT_THROW(NchwcInt8DepthwiseFilter(wide, w.data(), d.scales.data(), nullptr), std::exception);
}

}  // namespace
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
