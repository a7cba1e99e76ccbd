// DepthwiseConvPlanes (lite/backends/x86/math/depthwise/depthwise_conv.h): a range of planes of a
// batch, each with its channel's filter and bias, against a plain reference loop
// (depthwise_reference.h); with AVX-512 that includes the flattened small-plane kernel
// (stride 1, in_w == out_w, rows of up to 8: 7x7), with AVX2 forced the plane-by-plane path.
// Every height and width up to 16, every padding that keeps in_w == out_w (top/bottom any),
// 3x3 and 5x5, every in-register activation, with and without biases, plane ranges that
// start mid-batch. Then the depthwise_conv2d x86 kernel against the host kernel on the
// network's small planes at 1 and 2 threads, with activations fused and applied after.
//
// Tolerance: K*K products of |x| <= 2, |w| <= 1 summed in another order:
// |got - want| <= 4e-6 * K*K + 1e-5 * |want|. A mask or offset bug is off by O(0.1).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "lite/backends/x86/math/depthwise/depthwise_conv.h"
#include "lite/tests/kernels/depthwise_plane_errors.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/tests/kernels/x86/depthwise_reference.h"
#include "lite/tests/kernels/x86/isa_switch_test.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace math = lite::x86::math;

struct PlanesCase {
  int planes, channels, begin, end;
  int h, w, k, pt, pb, pl;  // pr = k - 1 - pl keeps in_w == out_w
  bool bias;
};

math::DepthwisePlane PlaneOf(const PlanesCase& c) {
  math::DepthwisePlane p;
  p.in_h = c.h;
  p.in_w = c.w;
  p.kernel = c.k;
  p.stride_h = p.stride_w = 1;
  p.pad_top = c.pt;
  p.pad_left = c.pl;
  p.out_h = c.h + c.pt + c.pb - c.k + 1;
  p.out_w = c.w;
  return p;
}

// Plane i of [begin, end): channel i % channels; the planes outside stay 0.
std::vector<float> Reference(const PlanesCase& c, const std::vector<float>& in,
                             const std::vector<float>& filters, const std::vector<float>& biases,
                             const Activation& e) {
  const math::DepthwisePlane p = PlaneOf(c);
  const int out_plane = p.out_h * p.out_w, in_plane = c.h * c.w;
  std::vector<float> out(static_cast<size_t>(c.planes) * out_plane, 0.f);
  for (int i = c.begin; i < c.end; ++i) {
    const int ch = i % c.channels;
    const std::vector<float> plane = ReferenceDepthwisePlane(
        in.data() + i * in_plane, filters.data() + ch * c.k * c.k, c.bias ? biases[ch] : 0.f, p, e);
    std::copy(plane.begin(), plane.end(), out.begin() + i * out_plane);
  }
  return out;
}

// The input ends the buffer exactly (an over-read touches memory the test does not own;
// ASan builds catch it); guards around the output and the planes outside [begin, end)
// must stay untouched.
void Check(const PlanesCase& c, const Activation& e, uint32_t seed) {
  const math::DepthwisePlane p = PlaneOf(c);
  SCOPED_TRACE(StrCat("planes ", c.planes, " channels ", c.channels, " [", c.begin, ", ", c.end,
                      ") in ", c.h, "x", c.w, " k", c.k, " pads t", c.pt, " b", c.pb, " l",
                      c.pl, " bias ", c.bias, " act ", ActivationName(e), " avx512 ",
                      math::DepthwiseUsesAvx512(), " flat ", math::DepthwiseFlatFits(p)));
  ASSERT_GT(p.out_h, 0);
  const size_t in_n = static_cast<size_t>(c.planes) * c.h * c.w;
  const std::vector<float> in = RandomVector(in_n, -2.f, 2.f, seed);
  const std::vector<float> filters = RandomVector(c.channels * c.k * c.k, -1.f, 1.f, seed + 1);
  const std::vector<float> biases = RandomVector(c.channels, -1.f, 1.f, seed + 2);
  const std::vector<float> want = Reference(c, in, filters, biases, e);
  std::unique_ptr<float[]> in_buf(new float[in_n]);
  std::copy(in.begin(), in.end(), in_buf.get());
  std::vector<float> out(want.size() + 32, 0.f);  // 16 guards each side, 0 = untouched
  math::DepthwiseConvPlanes(in_buf.get(), filters.data(), c.bias ? biases.data() : nullptr,
                            c.channels, c.begin, c.end, p, e, out.data() + 16);
  for (int i = 0; i < 16; ++i) {
    ASSERT_EQ(out[i], 0.f) << "wrote before the output";
    ASSERT_EQ(out[16 + want.size() + i], 0.f) << "wrote past the output";
  }
  ExpectAllNear(std::vector<float>(out.begin() + 16, out.end() - 16), want, 4e-6f * c.k * c.k,
                1e-5f);
}

// Each test runs with AVX2 forced, then (where the CPU has it) with AVX-512 allowed.
class DepthwisePlanes : public IsaSwitchTest<math::DepthwiseAllowAvx512, math::DepthwiseUsesAvx512> {};

TEST_P(DepthwisePlanes, EverySmallSizeAndPadding) {
  uint32_t seed = 1;
  int flat = 0;
  for (int k : {3, 5}) {
    for (int h = 1; h <= 16; ++h) {
      for (int w = 1; w <= 16; ++w) {
        for (int pl = 0; pl < k; ++pl) {
          for (int pt : {0, k / 2, k - 1, k}) {
            const int pb = (h + w + pl) % (k + 1);  // varied, sometimes above k - 1
            if (h + pt + pb < k) continue;          // no output row
            const PlanesCase c{3, 3, 0, 3, h, w, k, pt, pb, pl, (h + pl) % 2 == 0};
            const Activation e;
            Check(c, e, seed++);
            flat += math::DepthwiseUsesAvx512() && math::DepthwiseFlatFits(PlaneOf(c));
          }
        }
      }
    }
  }
  if (math::DepthwiseUsesAvx512()) {
    EXPECT_GT(flat, 1000);  // the flat kernel did run
  }
}

TEST_P(DepthwisePlanes, RangesChannelsAndActivations) {
  uint32_t seed = 5000;
  for (Activation e : EveryActivation()) {
    e.relu6_threshold = 1.5f;  // low enough that the clip happens
    e.leaky_relu_alpha = 0.3f;
    e.hard_swish_offset = 2.5f;
    e.hard_swish_threshold = 5.f;
    e.hard_swish_scale = 7.f;
    // 2 images of 5 channels, planes [3, 9): starts mid-image, wraps to channel 0.
    Check({10, 5, 3, 9, 7, 7, 3, 1, 1, 1, true}, e, seed++);
    Check({10, 5, 3, 9, 14, 14, 3, 1, 1, 1, false}, e, seed++);
    Check({10, 5, 0, 10, 14, 14, 5, 2, 2, 2, true}, e, seed++);
    Check({6, 3, 1, 6, 9, 11, 3, 0, 2, 2, true}, e, seed++);
    Check({4, 4, 0, 4, 28, 28, 3, 1, 1, 1, true}, e, seed++);  // wider: the row kernel
  }
  // An empty range writes nothing.
  const Activation e;
  Check({4, 4, 2, 2, 7, 7, 3, 1, 1, 1, true}, e, seed++);
}

INSTANTIATE_TEST_SUITE_P(Isa, DepthwisePlanes, ::testing::Bool(), IsaParamName);

// A filter no direct loop takes: an error naming the entry point and the filter.
TEST(DepthwisePlanesErrors, UnsupportedFilterIsNamed) {
  ExpectUnsupportedDepthwiseFiltersNamed(math::DepthwiseConvPlane, math::DepthwiseConvPlanes);
}

// ---- the depthwise_conv2d kernel on the network's small planes against the host kernel

struct KernelCase {
  int n, c, h, w, k, s;
  std::vector<int> paddings;
  bool bias;
  std::string act;
};

OpCase MakeOp(const KernelCase& p, uint32_t seed) {
  OpCase c("depthwise_conv2d");
  c.Input("Input", "x", DDim({p.n, p.c, p.h, p.w}),
          RandomVector(static_cast<size_t>(p.n) * p.c * p.h * p.w, -2.f, 2.f, seed));
  c.Input("Filter", "w", DDim({p.c, 1, p.k, p.k}),
          RandomVector(static_cast<size_t>(p.c) * p.k * p.k, -1.f, 1.f, seed + 1));
  if (p.bias) c.Input("Bias", "b", DDim({p.c}), RandomVector(p.c, -1.f, 1.f, seed + 2));
  c.Output("Output", "out");
  c.Attr<std::vector<int32_t>>("strides", {p.s, p.s});
  c.Attr<std::vector<int32_t>>("paddings", p.paddings);
  c.Attr<std::vector<int32_t>>("dilations", {1, 1});
  c.Attr<int32_t>("groups", p.c);
  if (!p.act.empty()) {
    c.Attr<std::string>("act_type", p.act);
    if (p.act == "leaky_relu") c.Attr<float>("act_alpha", 0.15f);
    if (p.act == "relu6") c.Attr<float>("act_threshold", 2.f);
  }
  return c;
}

class DepthwiseSmallPlanesKernel : public DepthwisePlanes {};

TEST_P(DepthwiseSmallPlanesKernel, MatchesHostOnOneAndTwoThreads) {
  uint32_t seed = 9000;
  const std::vector<KernelCase> cases = {
      {1, 1024, 7, 7, 3, 1, {1, 1, 1, 1}, true, "relu"},
      {1, 512, 14, 14, 3, 1, {1, 1, 1, 1}, true, "relu6"},
      {2, 33, 14, 14, 5, 1, {2, 2, 2, 2}, false, "hard_swish"},
      {1, 96, 7, 7, 3, 1, {0, 2, 1, 1}, true, "leaky_relu"},
      {3, 17, 7, 5, 3, 1, {1, 1, 1, 1}, true, "sigmoid"},  // activation after the kernel
      {1, 40, 15, 15, 3, 1, {1, 1, 1, 1}, false, ""},
  };
  for (const KernelCase& p : cases) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE(StrCat("x[", p.n, ",", p.c, ",", p.h, ",", p.w, "] k", p.k, " pads ",
                          p.paddings, " act ", p.act, " threads ", threads));
      ExpectX86MatchesHost(MakeOp(p, seed), {4e-6f * p.k * p.k, 1e-5f}, threads);
    }
    ++seed;
  }
}

INSTANTIATE_TEST_SUITE_P(Isa, DepthwiseSmallPlanesKernel, ::testing::Bool(), IsaParamName);

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
