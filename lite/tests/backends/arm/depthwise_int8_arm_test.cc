// The NEON int8 depthwise convolution (lite/backends/arm/math/depthwise/depthwise_int8.h)
// against a naive loop written here: quantize each input value (round(x * inv_scale), ties
// away and clamped to [-127, 127] or to even and [-128, 127], NaN the lower bound), sum the
// int8 products in int64, scale, add the bias, activate. Shapes cover strides 1, 2 and 3
// (the vector and scalar rows), dilation, asymmetric kernels, widths that leave a partial
// vector, bands of one row to all rows; int8 input and output as chained int8 layers pass.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "lite/backends/arm/math/depthwise/depthwise_int8.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace am = lite::arm::math;

struct Case {
  int channels, in_h, in_w, kh, kw, stride_h, stride_w, pad_h, pad_w, dilation;
};

am::ConvWindow WindowOf(const Case& c) {
  am::ConvWindow w;
  w.in_h = c.in_h;
  w.in_w = c.in_w;
  w.kernel_h = c.kh;
  w.kernel_w = c.kw;
  w.stride_h = c.stride_h;
  w.stride_w = c.stride_w;
  w.pad_top = c.pad_h;
  w.pad_left = c.pad_w;
  w.dilation_h = w.dilation_w = c.dilation;
  w.out_h = (c.in_h + 2 * c.pad_h - ((c.kh - 1) * c.dilation + 1)) / c.stride_h + 1;
  w.out_w = (c.in_w + 2 * c.pad_w - ((c.kw - 1) * c.dilation + 1)) / c.stride_w + 1;
  return w;
}

int64_t NaiveQ(float x, float inv_scale, bool ties_to_even) {
  if (std::isnan(x)) return ties_to_even ? -128 : -127;
  const double v = static_cast<double>(static_cast<float>(x * inv_scale));
  double q = ties_to_even ? std::nearbyint(v) : std::round(v);
  return static_cast<int64_t>(std::min(std::max(q, ties_to_even ? -128.0 : -127.0), 127.0));
}

double NaiveAct(double v, const Activation& act) {
  switch (act.kind) {
    case ActivationType::kRelu: return std::max(v, 0.0);
    case ActivationType::kRelu6: return std::min(std::max(v, 0.0), 6.0);
    case ActivationType::kHardSwish:
      return v * std::min(std::max(v + 3.0, 0.0), 6.0) / 6.0;
    default: return v;
  }
}

std::vector<float> Naive(const Case& c, const am::ConvWindow& w, const std::vector<float>& x,
                         const std::vector<int8_t>& f, const std::vector<float>& scale,
                         const std::vector<float>& bias, float inv_scale, bool ties_to_even,
                         const Activation& act) {
  std::vector<float> y;
  for (int ch = 0; ch < c.channels; ++ch) {
    for (int oy = 0; oy < w.out_h; ++oy) {
      for (int ox = 0; ox < w.out_w; ++ox) {
        int64_t sum = 0;
        for (int ky = 0; ky < c.kh; ++ky) {
          for (int kx = 0; kx < c.kw; ++kx) {
            const int iy = oy * c.stride_h - c.pad_h + ky * c.dilation;
            const int ix = ox * c.stride_w - c.pad_w + kx * c.dilation;
            if (iy < 0 || iy >= c.in_h || ix < 0 || ix >= c.in_w) continue;
            sum += NaiveQ(x[(ch * c.in_h + iy) * c.in_w + ix], inv_scale, ties_to_even) *
                   f[(ch * c.kh + ky) * c.kw + kx];
          }
        }
        y.push_back(static_cast<float>(NaiveAct(sum * double{scale[ch]} + bias[ch], act)));
      }
    }
  }
  return y;
}

// A run of the kernel: float input (quantized with inv_scale) or, where q is given, its int8
// values; float output y or, where out_inv_scale is positive, int8 output q_out.
struct KernelRun {
  const std::vector<int8_t>* q = nullptr;
  float out_inv_scale = 0.f;
  std::vector<float> y;
  std::vector<int8_t> q_out;
};

// Every plane in bands of `band_rows` output rows.
void RunKernel(const Case& c, const am::ConvWindow& w, const std::vector<float>& x,
               const am::DepthwiseInt8Filter& filter, float inv_scale, bool ties_to_even,
               const Activation& act, int band_rows, KernelRun* run) {
  const size_t out_plane = static_cast<size_t>(w.out_h) * w.out_w;
  const size_t in_plane = static_cast<size_t>(c.in_h) * c.in_w;
  run->y.assign(c.channels * out_plane, -1e30f);
  run->q_out.assign(c.channels * out_plane, 99);
  std::vector<int16_t> band(am::DepthwiseInt8BandValues(w, band_rows));
  for (int ch = 0; ch < c.channels; ++ch) {
    am::DepthwiseInt8Input in{x.data() + ch * in_plane, inv_scale, ties_to_even};
    if (run->q) in = {nullptr, 0.f, false, run->q->data() + ch * in_plane};
    am::DepthwiseInt8Output out;
    out.plane = run->y.data() + ch * out_plane;
    if (run->out_inv_scale > 0.f) {
      out = {nullptr, run->q_out.data() + ch * out_plane, run->out_inv_scale, ties_to_even};
    }
    for (int oy = 0; oy < w.out_h; oy += band_rows) {
      am::DepthwiseInt8Rows(w, in, filter, ch, act, oy, std::min(w.out_h, oy + band_rows),
                            band.data(), out);
    }
  }
}

std::vector<float> RunKernel(const Case& c, const am::ConvWindow& w, const std::vector<float>& x,
                             const am::DepthwiseInt8Filter& filter, float inv_scale,
                             bool ties_to_even, const Activation& act, int band_rows) {
  KernelRun run;
  RunKernel(c, w, x, filter, inv_scale, ties_to_even, act, band_rows, &run);
  return run.y;
}

TEST(DepthwiseInt8Neon, MatchesTheNaiveQuantizedLoop) {
  const Case cases[] = {{3, 9, 11, 3, 3, 1, 1, 1, 1, 1},   {2, 20, 37, 3, 3, 2, 2, 1, 1, 1},
                        {2, 12, 25, 5, 5, 1, 1, 2, 2, 1},  {2, 21, 40, 5, 5, 2, 2, 2, 2, 1},
                        {1, 10, 19, 3, 3, 3, 3, 1, 1, 1},  {2, 13, 17, 3, 3, 1, 1, 2, 2, 2},
                        {2, 8, 30, 3, 1, 1, 1, 1, 0, 1},   {1, 6, 7, 1, 1, 1, 1, 0, 0, 1},
                        {1, 5, 70, 3, 3, 1, 2, 0, 0, 1},   {2, 4, 4, 3, 3, 1, 1, 1, 1, 1}};
  Activation relu6, hard_swish, relu;
  relu.kind = ActivationType::kRelu;
  relu6.kind = ActivationType::kRelu6;
  hard_swish.kind = ActivationType::kHardSwish;
  const Activation acts[] = {Activation{}, relu, relu6, hard_swish};
  int seed = 1;
  for (const Case& c : cases) {
    const am::ConvWindow w = WindowOf(c);
    ASSERT_TRUE(am::DepthwiseInt8Supports(w));
    auto x = RandomVector(static_cast<size_t>(c.channels) * c.in_h * c.in_w, -3.f, 3.f, seed++);
    x[0] = std::numeric_limits<float>::quiet_NaN();
    x[x.size() / 3] = 0.0625f;  // x 40 = 2.5: ties away 3, to even 2
    x[x.size() / 2] = 5.f;      // past the clamp
    std::vector<int8_t> f(static_cast<size_t>(c.channels) * c.kh * c.kw);
    for (size_t i = 0; i < f.size(); ++i) f[i] = static_cast<int8_t>((i * 37 + 11) % 255 - 127);
    std::vector<float> scale, bias;
    for (int ch = 0; ch < c.channels; ++ch) {
      scale.push_back(0.001f * (ch + 1));
      bias.push_back(0.25f * ch - 0.3f);
    }
    const am::DepthwiseInt8Filter filter(c.channels, c.kh, c.kw, f.data(), scale.data(),
                                         bias.data());
    for (const bool even : {false, true}) {
      for (const Activation& act : acts) {
        const auto want = Naive(c, w, x, f, scale, bias, 40.f, even, act);
        for (const int band_rows : {1, 3, w.out_h}) {
          SCOPED_TRACE("case " + std::to_string(seed) + " ties_to_even " + std::to_string(even) +
                       " act " + std::to_string(static_cast<int>(act.kind)) + " band " +
                       std::to_string(band_rows));
          ExpectAllNear(RunKernel(c, w, x, filter, 40.f, even, act, band_rows), want, 1e-5f,
                        1e-5f);
        }
      }
    }
  }
}

TEST(DepthwiseInt8Neon, ClampsAndRoundsTiesAsAsked) {
  // One 1x1 tap of weight 1, scale 1: the output is q itself.
  const Case c{1, 1, 12, 1, 1, 1, 1, 0, 0, 1};
  const am::ConvWindow w = WindowOf(c);
  const std::vector<float> x = {2.5f, -2.5f, 3.5f, 126.5f, 127.5f, -127.5f, -128.5f, 1e30f,
                                -1e30f, std::numeric_limits<float>::quiet_NaN(), 0.49999997f,
                                -0.5f};
  const int8_t one = 1;
  const float unit = 1.f, zero = 0.f;
  const am::DepthwiseInt8Filter filter(1, 1, 1, &one, &unit, &zero);
  EXPECT_EQ(RunKernel(c, w, x, filter, 1.f, false, Activation{}, 1),
            (std::vector<float>{3, -3, 4, 127, 127, -127, -127, 127, -127, -127, 0, -1}));
  EXPECT_EQ(RunKernel(c, w, x, filter, 1.f, true, Activation{}, 1),
            (std::vector<float>{2, -2, 4, 126, 127, -128, -128, 127, -128, -128, 0, -0.f}));
}

// Between int8 layers (int8_chain_pass): int8 input values give the float input's sums, and
// the int8 output is the float output quantized as a reader would (NaiveQ).
TEST(DepthwiseInt8Neon, ReadsAndWritesInt8AsTheFloatPathQuantizes) {
  const Case cases[] = {{3, 9, 11, 3, 3, 1, 1, 1, 1, 1}, {2, 21, 40, 5, 5, 2, 2, 2, 2, 1},
                        {1, 10, 19, 3, 3, 3, 3, 1, 1, 1}};
  Activation hard_swish;
  hard_swish.kind = ActivationType::kHardSwish;
  int seed = 30;
  for (const Case& c : cases) {
    const am::ConvWindow w = WindowOf(c);
    auto x = RandomVector(static_cast<size_t>(c.channels) * c.in_h * c.in_w, -3.f, 3.f, seed++);
    x[1] = std::numeric_limits<float>::quiet_NaN();
    std::vector<int8_t> f(static_cast<size_t>(c.channels) * c.kh * c.kw);
    for (size_t i = 0; i < f.size(); ++i) f[i] = static_cast<int8_t>((i * 29 + 5) % 255 - 127);
    std::vector<float> scale(c.channels, 0.004f), bias(c.channels, 0.1f);
    bias[0] = NAN;  // NaN outputs quantize to the lower bound
    const am::DepthwiseInt8Filter filter(c.channels, c.kh, c.kw, f.data(), scale.data(),
                                         bias.data());
    for (const bool even : {false, true}) {
      for (const Activation& act : {Activation{}, hard_swish}) {
        SCOPED_TRACE("seed " + std::to_string(seed) + " even " + std::to_string(even));
        const std::vector<float> y = RunKernel(c, w, x, filter, 40.f, even, act, 3);
        std::vector<int8_t> q;
        for (float v : x) q.push_back(static_cast<int8_t>(NaiveQ(v, 40.f, even)));
        KernelRun from_int8;
        from_int8.q = &q;
        RunKernel(c, w, x, filter, 40.f, even, act, 3, &from_int8);
        ASSERT_EQ(from_int8.y.size(), y.size());
        for (size_t i = 0; i < y.size(); ++i) {
          const bool both_nan = std::isnan(y[i]) && std::isnan(from_int8.y[i]);
          ASSERT_TRUE(from_int8.y[i] == y[i] || both_nan) << i;
        }
        KernelRun to_int8;
        to_int8.out_inv_scale = 50.f;  // outputs past +-2.54 clamp
        RunKernel(c, w, x, filter, 40.f, even, act, 3, &to_int8);
        int clamped = 0;
        for (size_t i = 0; i < y.size(); ++i) {
          const int64_t want = NaiveQ(y[i], 50.f, even);
          clamped += want == 127 || want <= -127;
          ASSERT_EQ(to_int8.q_out[i], want) << i << " y=" << y[i];
        }
        EXPECT_GT(clamped, 0);
      }
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
