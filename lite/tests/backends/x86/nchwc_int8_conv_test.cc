// The NCHW16c int8 direct convolution (lite/backends/x86/math/nchwc_int8) on every path this
// CPU runs, forced, against a naive quantized convolution written here on NCHW data: the
// input rounded as the model says (NaN to the lower bound, subnormals to 0), int64 sums
// over the window with zero padding, scaled, biased and activated. Shapes straddle blocks
// (channels not multiples of 16, 4-block filter groups), tiles (widths past 12), strides,
// dilation and paddings on every side.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/nchwc_int8/nchwc_int8_conv.h"
#include "lite/utils/activation_ref.h"

namespace paddle {
namespace lite {
namespace x86 {
namespace math {
namespace {

constexpr int kB = kNchwcInt8Block;

struct Case {
  int in_c, out_c, in_h, in_w, kernel, stride, pad, dilation;
};

const Case kCases[] = {
    {16, 16, 5, 7, 1, 1, 0, 1},    // pointwise, one block
    {20, 70, 9, 13, 1, 1, 0, 1},   // pointwise, ragged blocks, two filter groups
    {96, 24, 11, 30, 3, 1, 1, 1},  // PP-OCRv3's head conv, tiles of 12 and a rest
    {32, 40, 8, 9, 3, 2, 1, 1},    // stride 2
    {17, 33, 10, 10, 5, 1, 2, 2},  // 5x5 dilated, padding wider than a tap
    {48, 64, 6, 6, 3, 1, 0, 1},    // unpadded 3x3, a full group of 4 blocks
    {16, 8, 4, 4, 1, 2, 1, 1},     // 1x1 strided with padding (not pointwise)
};

std::vector<NchwcInt8Isa> IsasOfThisCpu() {
  std::vector<NchwcInt8Isa> isas{NchwcInt8Isa::kScalar};
  if (kWithAvx512 && CpuHasAvx512Vnni()) isas.push_back(NchwcInt8Isa::kAvx512Vnni);
  return isas;
}

NchwcInt8ConvShape ShapeOf(const Case& c) {
  NchwcInt8ConvShape s;
  s.in_c = c.in_c;
  s.out_c = c.out_c;
  s.in_h = c.in_h;
  s.in_w = c.in_w;
  s.kernel_h = s.kernel_w = c.kernel;
  s.stride_h = s.stride_w = c.stride;
  s.pad_top = s.pad_left = c.pad;
  s.dilation_h = s.dilation_w = c.dilation;
  s.out_h = (c.in_h + 2 * c.pad - c.dilation * (c.kernel - 1) - 1) / c.stride + 1;
  s.out_w = (c.in_w + 2 * c.pad - c.dilation * (c.kernel - 1) - 1) / c.stride + 1;
  return s;
}

// NCHW [c][h][w] -> [c / 16][h][w][16], padding lanes set to `pad_value` (readers must
// ignore them: their weights are zero).
std::vector<float> Block(const std::vector<float>& x, int c, int h, int w, float pad_value) {
  const int blocks = (c + kB - 1) / kB;
  std::vector<float> out(static_cast<size_t>(blocks) * h * w * kB, pad_value);
  for (int ch = 0; ch < c; ++ch) {
    for (int p = 0; p < h * w; ++p) {
      out[(static_cast<size_t>(ch / kB) * h * w + p) * kB + ch % kB] = x[ch * h * w + p];
    }
  }
  return out;
}

int RoundAsModel(float v, bool ties_to_even) {
  if (std::isnan(v)) return ties_to_even ? -128 : -127;
  const double r = ties_to_even ? std::nearbyint(v) : (v >= 0 ? std::floor(v + 0.5)
                                                              : -std::floor(-v + 0.5));
  return static_cast<int>(std::min(127.0, std::max(ties_to_even ? -128.0 : -127.0, r)));
}

// out[oc][oy][ox] (NCHW) = act(sum q(x) * w * scale[oc] + bias[oc]).
std::vector<float> NaiveConv(const NchwcInt8ConvShape& s, const std::vector<float>& x,
                             const std::vector<int8_t>& w, float inv_scale, bool ties_to_even,
                             const std::vector<float>& scale, const std::vector<float>& bias,
                             const Activation& act) {
  std::vector<float> out(static_cast<size_t>(s.out_c) * s.out_h * s.out_w);
  for (int oc = 0; oc < s.out_c; ++oc) {
    for (int oy = 0; oy < s.out_h; ++oy) {
      for (int ox = 0; ox < s.out_w; ++ox) {
        int64_t sum = 0;
        for (int ic = 0; ic < s.in_c; ++ic) {
          for (int ky = 0; ky < s.kernel_h; ++ky) {
            for (int kx = 0; kx < s.kernel_w; ++kx) {
              const int iy = oy * s.stride_h - s.pad_top + ky * s.dilation_h;
              const int ix = ox * s.stride_w - s.pad_left + kx * s.dilation_w;
              if (iy < 0 || iy >= s.in_h || ix < 0 || ix >= s.in_w) continue;
              const int q = RoundAsModel(x[(ic * s.in_h + iy) * s.in_w + ix] * inv_scale,
                                         ties_to_even);
              sum += int64_t{q} * w[((oc * s.in_c + ic) * s.kernel_h + ky) * s.kernel_w + kx];
            }
          }
        }
        const float v = static_cast<float>(sum) * scale[oc] + bias[oc];
        out[(oc * s.out_h + oy) * s.out_w + ox] = ApplyActivation(v, act);
      }
    }
  }
  return out;
}

struct Problem {
  NchwcInt8ConvShape s;
  std::vector<float> x, scale, bias, expected;
  std::vector<int8_t> w;
  float inv_scale{0.f};
};

Problem MakeProblem(const Case& c, unsigned seed, bool ties_to_even, const Activation& act) {
  Problem p;
  p.s = ShapeOf(c);
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> value(-3.f, 3.f);
  std::uniform_int_distribution<int> weight(-127, 127);
  p.x.resize(static_cast<size_t>(c.in_c) * c.in_h * c.in_w);
  for (float& v : p.x) v = value(gen);
  p.x[0] = 0.25f;  // x / s = 0.5 exactly: the rounding ties
  p.x[1] = -0.75f;  // -1.5
  p.x[2] = 100.f;   // clamped
  p.x[3] = std::numeric_limits<float>::denorm_min() * 7;  // subnormal: q = 0
  p.x[4] = -std::numeric_limits<float>::denorm_min();
  p.x[5] = std::numeric_limits<float>::quiet_NaN();  // the lower bound
  p.w.resize(static_cast<size_t>(c.out_c) * c.in_c * c.kernel * c.kernel);
  for (int8_t& v : p.w) v = static_cast<int8_t>(weight(gen));
  p.inv_scale = 2.f;  // s = 0.5
  p.scale.resize(c.out_c);
  p.bias.resize(c.out_c);
  for (int oc = 0; oc < c.out_c; ++oc) {
    p.scale[oc] = 0.0005f * (oc + 1) * (oc % 3 == 0 ? -1.f : 1.f);  // a folded BN may flip
    p.bias[oc] = 0.1f * (oc % 7) - 0.3f;
  }
  p.expected = NaiveConv(p.s, p.x, p.w, p.inv_scale, ties_to_even, p.scale, p.bias, act);
  return p;
}

// The blocked output against the NCHW expectation, padding lanes ignored.
void ExpectMatches(const Problem& p, const std::vector<float>& out, const std::string& what) {
  const NchwcInt8ConvShape& s = p.s;
  for (int oc = 0; oc < s.out_c; ++oc) {
    for (int px = 0; px < s.out_h * s.out_w; ++px) {
      const float want = p.expected[oc * s.out_h * s.out_w + px];
      const float got = out[(static_cast<size_t>(oc / kB) * s.out_h * s.out_w + px) * kB + oc % kB];
      // The sums are exact; only the float epilogue (a fused multiply-add or not) may differ.
      ASSERT_NEAR(got, want, 1e-5f * std::max(1.f, std::fabs(want)))
          << what << " oc=" << oc << " pixel=" << px;
    }
  }
}

// The framed input of p's x: quantized from the floats, or (int8_in) from its q as an int8
// producer writes them (q computed here).
std::vector<uint8_t> FrameOf(const Problem& p, NchwcInt8Isa isa, bool ties_to_even, bool int8_in) {
  const NchwcInt8Frame f = NchwcInt8FrameOf(p.s);
  std::vector<uint8_t> frame(f.Bytes(), 0);
  const std::vector<float> blocked = Block(p.x, p.s.in_c, p.s.in_h, p.s.in_w, 1e3f);
  std::vector<int8_t> q(blocked.size());
  for (size_t i = 0; i < q.size(); ++i) {
    q[i] = static_cast<int8_t>(RoundAsModel(blocked[i] * p.inv_scale, ties_to_even));
  }
  const NchwcInt8Source in = int8_in ? NchwcInt8Source(q.data())
                                     : NchwcInt8Source(blocked.data(), p.inv_scale, ties_to_even);
  // Two calls over halves of the framed rows: ranges must compose.
  NchwcInt8FrameInput(p.s, in, 0, f.h / 2, frame.data(), isa);
  NchwcInt8FrameInput(p.s, in, f.h / 2, f.h, frame.data(), isa);
  return frame;
}

// The blocked output: floats, or (inv_out > 0) the int8 q of scale 1 / inv_out an int8
// reader takes, as floats.
std::vector<float> RunConv(const Problem& p, NchwcInt8Isa isa, bool ties_to_even,
                           const Activation& act, float inv_out = 0.f, bool int8_in = false) {
  const std::vector<uint8_t> frame = FrameOf(p, isa, ties_to_even, int8_in);
  const NchwcInt8Filter filter(p.s, p.w.data(), p.scale.data(), p.bias.data());
  const int blocks = (p.s.out_c + kB - 1) / kB;
  const size_t size = static_cast<size_t>(blocks) * p.s.out_h * p.s.out_w * kB;
  std::vector<float> out(size, NAN);
  std::vector<int8_t> q(size, 99);
  const NchwcInt8Sink sink = inv_out > 0.f ? NchwcInt8Sink(q.data(), inv_out, ties_to_even)
                                           : NchwcInt8Sink(out.data());
  const int rows = NchwcInt8ConvRows(p.s);
  // Rows in two parts, blocks by groups: every split a task may take.
  for (int g = 0; g < blocks; g += kNchwcInt8GroupBlocks) {
    const int g_end = std::min(blocks, g + kNchwcInt8GroupBlocks);
    NchwcInt8Conv(p.s, frame.data(), filter, act, g, g_end, 0, rows / 3, sink, isa);
    NchwcInt8Conv(p.s, frame.data(), filter, act, g, g_end, rows / 3, rows, sink, isa);
  }
  if (inv_out > 0.f) std::copy(q.begin(), q.end(), out.begin());
  return out;
}

class NchwcInt8ConvTest : public ::testing::TestWithParam<NchwcInt8Isa> {};

TEST_P(NchwcInt8ConvTest, MatchesANaiveQuantizedConvolution) {
  Activation relu6;
  relu6.kind = ActivationType::kRelu6;
  relu6.relu6_threshold = 6.f;
  Activation hard_swish;
  hard_swish.kind = ActivationType::kHardSwish;
  int i = 0;
  for (const Case& c : kCases) {
    for (bool ties_to_even : {false, true}) {
      const Activation& act = i % 2 ? hard_swish : relu6;
      const Problem p = MakeProblem(c, 100 + i++, ties_to_even, act);
      const std::string what = "case " + std::to_string(i) + (ties_to_even ? " even" : " away");
      ExpectMatches(p, RunConv(p, GetParam(), ties_to_even, act), what);
    }
  }
}

// What an int8 producer writes for its int8 readers (int8_chain_pass) is the q they would
// have computed from its float output; what they read from it frames as its floats do.
TEST_P(NchwcInt8ConvTest, Int8OutputsAreTheQOfTheFloatOutputsAndFrameAlike) {
  Activation relu6;
  relu6.kind = ActivationType::kRelu6;
  relu6.relu6_threshold = 6.f;
  int i = 0;
  for (const Case& c : kCases) {
    for (bool ties_to_even : {false, true}) {
      const Problem p = MakeProblem(c, 300 + i++, ties_to_even, relu6);
      float largest = 0.f;
      for (float v : p.expected) largest = std::max(largest, std::fabs(v));
      const float inv_out = 150.f / largest;  // the largest outputs pass the clamp
      const std::string what = "case " + std::to_string(i) + (ties_to_even ? " even" : " away");
      EXPECT_EQ(FrameOf(p, GetParam(), ties_to_even, true),
                FrameOf(p, GetParam(), ties_to_even, false)) << what;
      const std::vector<float> y = RunConv(p, GetParam(), ties_to_even, relu6);
      const std::vector<float> q = RunConv(p, GetParam(), ties_to_even, relu6, inv_out, true);
      const NchwcInt8ConvShape& s = p.s;
      int clamped = 0;
      for (int oc = 0; oc < s.out_c; ++oc) {
        for (int px = 0; px < s.out_h * s.out_w; ++px) {
          const size_t at = (static_cast<size_t>(oc / kB) * s.out_h * s.out_w + px) * kB + oc % kB;
          ASSERT_EQ(q[at], RoundAsModel(y[at] * inv_out, ties_to_even)) << what << " oc=" << oc;
          const int want = RoundAsModel(p.expected[oc * s.out_h * s.out_w + px] * inv_out,
                                        ties_to_even);
          ASSERT_LE(std::abs(q[at] - want), 1) << what << " oc=" << oc;  // the epilogue's FMA
          clamped += q[at] == 127;
        }
      }
      EXPECT_GT(clamped, 0) << what;
    }
  }
}

// An int8 conv on NCHW data frames the planar floats in one pass: the frame of their
// blocked copy (padding lanes 0, that is q = 0), byte for byte.
TEST_P(NchwcInt8ConvTest, PlanarInputFramesAsItsBlockedCopy) {
  int i = 0;
  for (const Case& c : kCases) {
    for (bool ties_to_even : {false, true}) {
      const Problem p = MakeProblem(c, 500 + i++, ties_to_even, Activation());
      const NchwcInt8Frame f = NchwcInt8FrameOf(p.s);
      const std::vector<float> blocked = Block(p.x, p.s.in_c, p.s.in_h, p.s.in_w, 0.f);
      std::vector<uint8_t> want(f.Bytes(), 0), got(f.Bytes(), 0);
      NchwcInt8FrameInput(p.s, NchwcInt8Source(blocked.data(), p.inv_scale, ties_to_even), 0,
                          f.h, want.data(), GetParam());
      const NchwcInt8Source planar =
          NchwcInt8Source::Planar(p.x.data(), p.inv_scale, ties_to_even);
      NchwcInt8FrameInput(p.s, planar, 0, f.h / 2, got.data(), GetParam());
      NchwcInt8FrameInput(p.s, planar, f.h / 2, f.h, got.data(), GetParam());
      EXPECT_EQ(got, want) << "case " << i << (ties_to_even ? " even" : " away");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(, NchwcInt8ConvTest, ::testing::ValuesIn(IsasOfThisCpu()),
                         [](const ::testing::TestParamInfo<NchwcInt8Isa>& info) {
                           return std::string(NchwcInt8IsaName(info.param));
                         });

TEST(NchwcInt8Conv, FrameHoldsQPlus128AndTheBorderIsZero) {
  NchwcInt8ConvShape s = ShapeOf({16, 16, 2, 2, 3, 1, 1, 1});
  std::vector<float> x(16 * 4, 0.f);
  x[0] = 0.5f;   // ties: 1 away from zero, 0 to even
  x[4] = -1.5f;  // channel 1: -2 either way
  x[8] = NAN;    // channel 2: the lower bound
  // Next to the ties (the AVX-512 path adds copysign(0.49999997, v), then truncates).
  x[12] = 0.49999997f;   // channel 3: 0 either way
  x[16] = -0.49999997f;  // channel 4: 0
  x[20] = 2.5f;          // channel 5: 3 away, 2 to even
  x[24] = 126.49999f;    // channel 6: 126
  x[28] = -126.5f;       // channel 7: -127 away, -126 to even
  const std::vector<float> blocked = Block(x, 16, 2, 2, 0.f);
  const NchwcInt8Frame f = NchwcInt8FrameOf(s);
  ASSERT_EQ(f.h, 4);
  ASSERT_EQ(f.w, 4);
  for (NchwcInt8Isa isa : IsasOfThisCpu()) {
    for (bool even : {false, true}) {
      std::vector<uint8_t> frame(f.Bytes(), 7);
      NchwcInt8FrameInput(s, NchwcInt8Source(blocked.data(), 1.f, even), 0, f.h, frame.data(),
                          isa);
      const uint8_t* pixel = frame.data() + (1 * f.w + 1) * kB;  // input (0, 0)
      EXPECT_EQ(pixel[0], even ? 128 : 129) << NchwcInt8IsaName(isa);
      EXPECT_EQ(pixel[1], 126) << NchwcInt8IsaName(isa);
      EXPECT_EQ(pixel[2], even ? 0 : 1) << NchwcInt8IsaName(isa);
      EXPECT_EQ(pixel[3], 128) << NchwcInt8IsaName(isa);
      EXPECT_EQ(pixel[4], 128) << NchwcInt8IsaName(isa);
      EXPECT_EQ(pixel[5], even ? 130 : 131) << NchwcInt8IsaName(isa);
      EXPECT_EQ(pixel[6], 254) << NchwcInt8IsaName(isa);
      EXPECT_EQ(pixel[7], even ? 2 : 1) << NchwcInt8IsaName(isa);
      for (int c = 0; c < f.w; ++c) EXPECT_EQ(frame[c * kB], 128) << "top border";
    }
  }
}

TEST(NchwcInt8Conv, BadCallsAreClearErrors) {
  const NchwcInt8ConvShape s = ShapeOf({16, 80, 4, 4, 1, 1, 0, 1});
  std::vector<int8_t> w(80 * 16, 1);
  std::vector<float> scale(80, 1.f);
  const NchwcInt8Filter filter(s, w.data(), scale.data(), nullptr);
  std::vector<uint8_t> frame(NchwcInt8FrameOf(s).Bytes(), 128);
  std::vector<float> out(5 * 16 * 16);
  // Blocks 0..4 are two groups (4 + 1): starting inside the first is refused.
  EXPECT_THROW(NchwcInt8Conv(s, frame.data(), filter, Activation(), 1, 5, 0, 16, out.data()),
               std::exception);
  EXPECT_THROW(NchwcInt8Conv(s, frame.data(), filter, Activation(), 0, 5, 0, 17, out.data()),
               std::exception);
  EXPECT_THROW(NchwcInt8Conv(s, frame.data(), NchwcInt8Filter(), Activation(), 0, 5, 0, 16,
                             out.data()),
               std::exception);
  NchwcInt8ConvShape bad = s;
  bad.stride_h = 0;
  EXPECT_FALSE(NchwcInt8ConvSupports(bad));
}

}  // namespace
}  // namespace math
}  // namespace x86
}  // namespace lite
}  // namespace paddle
