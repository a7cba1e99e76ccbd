// int8_quantize_pass on quantized depthwise convolutions as PaddleSlim writes them (a fake
// quantize-dequantize op on the activation, a channel-wise one on the [C, 1, kh, kw] filter,
// batch norm and relu6 after): with an x86 int8 place on a CPU that runs the int8 depthwise
// kernel the layer runs in int8, its quantize ops gone; host plans keep the float
// simulation; both compute the quantized arithmetic of a double loop written here. Inside a
// chain of int8 convs the layer runs blocked (NCHW16c), alone on NCHW data. A channel
// multiplier, or fewer channels than a block, keeps the float simulation. ARM builds run
// the same layers on the ARM int8 kernel.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr int kH = 9, kW = 11;
constexpr float kActScale = 2.5f;  // |x| reaches past it: clipping is exercised

const std::vector<Place> kX86 = {Place{TARGET(kX86), PRECISION(kInt8)},
                                  Place{TARGET(kX86), PRECISION(kFloat)}};

// Paddle's quantize-dequantize, ties away from zero (round_type 1, the fake ops' default).
double Qdq(double v, double s) {
  v = std::min(std::max(v, -s), s);
  return std::round(v * 127 / s) * s / 127;
}

struct Depthwise {
  int channels, multiplier, kernel, stride;
};

int OutSize(int in, const Depthwise& d) { return (in + 2 * (d.kernel / 2) - d.kernel) / d.stride + 1; }

std::vector<float> Filter(const Depthwise& d) {
  return RandomVector(d.channels * d.multiplier * d.kernel * d.kernel, -0.8f, 0.8f, 40 + d.kernel);
}

// x -> fake quant -> depthwise_conv2d (filter fake-quantized per channel) -> batch_norm ->
// relu6 -> fetch.
Builder QatDepthwise(const Depthwise& d) {
  const int out_c = d.channels * d.multiplier;
  Builder b({-1, d.channels, kH, kW});
  b.AddVar("x_scale", cpp::VarKind::kLodTensor, {1}, true);
  b.AddVar("w", cpp::VarKind::kLodTensor, {out_c, 1, d.kernel, d.kernel}, true);
  b.AddVar("w.scale", cpp::VarKind::kLodTensor, {out_c}, true);
  b.Op("fake_quantize_dequantize_moving_average_abs_max", {{"X", "x"}, {"InScale", "x_scale"}},
       {{"Out", "xq"}, {"OutScale", "x_scale"}})
      .SetAttr<bool>("is_test", true);
  b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", "w"}},
       {{"Out", "wq"}, {"OutScale", "w.scale"}});
  cpp::OpDesc& conv =
      b.Op("depthwise_conv2d", {{"Input", "xq"}, {"Filter", "wq"}}, {{"Output", "y"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {d.stride, d.stride});
  conv.SetAttr<std::vector<int32_t>>("paddings", {d.kernel / 2, d.kernel / 2});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", d.channels);
  for (const char* v : {"bn_scale", "bn_bias", "bn_mean", "bn_var"}) {
    b.AddVar(v, cpp::VarKind::kLodTensor, {out_c}, true);
  }
  b.Op("batch_norm",
       {{"X", "y"}, {"Scale", "bn_scale"}, {"Bias", "bn_bias"}, {"Mean", "bn_mean"},
        {"Variance", "bn_var"}},
       {{"Y", "z"}})
      .SetAttr<float>("epsilon", 1e-5f);
  b.Op("relu6", {{"X", "z"}}, {{"Out", "out"}}).SetAttr<float>("threshold", 6.f);
  b.Fetch("out", 0);
  return b;
}

std::vector<float> ChannelMax(const std::vector<float>& w, int channels) {
  const size_t per = w.size() / channels;
  std::vector<float> m(channels, 0.f);
  for (int c = 0; c < channels; ++c) {
    for (size_t i = 0; i < per; ++i) m[c] = std::max(m[c], std::fabs(w[c * per + i]));
  }
  return m;
}

// Batch norm per output channel, a negative gamma among them.
float Gamma(int c) { return c % 5 == 1 ? -0.7f : 0.5f + 0.1f * (c % 7); }
float Beta(int c) { return 0.1f * (c % 3) - 0.1f; }
float Mean(int c) { return 0.05f * (c % 4); }
float Var(int c) { return 0.5f + 0.25f * (c % 3); }

Weights QatWeights(const Depthwise& d) {
  const int out_c = d.channels * d.multiplier;
  const auto w = Filter(d);
  const DDim c({out_c});
  std::vector<float> gamma, beta, mean, var;
  for (int i = 0; i < out_c; ++i) {
    gamma.push_back(Gamma(i));
    beta.push_back(Beta(i));
    mean.push_back(Mean(i));
    var.push_back(Var(i));
  }
  return {{"x_scale", {DDim({1}), {kActScale}}},
          {"w", {DDim({out_c, 1, d.kernel, d.kernel}), w}},
          {"w.scale", {c, ChannelMax(w, out_c)}},
          {"bn_scale", {c, gamma}},
          {"bn_bias", {c, beta}},
          {"bn_mean", {c, mean}},
          {"bn_var", {c, var}}};
}

std::vector<float> Expected(const Depthwise& d, const std::vector<float>& x, int batch) {
  const int out_c = d.channels * d.multiplier, k = d.kernel, pad = k / 2;
  const auto w = Filter(d);
  const auto s = ChannelMax(w, out_c);
  const int oh_n = OutSize(kH, d), ow_n = OutSize(kW, d);
  std::vector<float> y;
  for (int n = 0; n < batch; ++n) {
    for (int o = 0; o < out_c; ++o) {
      const int ic = o / d.multiplier;
      for (int oh = 0; oh < oh_n; ++oh) {
        for (int ow = 0; ow < ow_n; ++ow) {
          double acc = 0;
          for (int ky = 0; ky < k; ++ky) {
            for (int kx = 0; kx < k; ++kx) {
              const int ih = oh * d.stride - pad + ky, iw = ow * d.stride - pad + kx;
              if (ih < 0 || ih >= kH || iw < 0 || iw >= kW) continue;
              acc += Qdq(x[((n * d.channels + ic) * kH + ih) * kW + iw], kActScale) *
                     Qdq(w[(o * k + ky) * k + kx], s[o]);
            }
          }
          acc = (acc - Mean(o)) * Gamma(o) / std::sqrt(Var(o) + 1e-5) + Beta(o);
          y.push_back(static_cast<float>(std::min(std::max(acc, 0.0), 6.0)));
        }
      }
    }
  }
  return y;
}

bool QuantizeOpsLeft(const std::vector<std::string>& ops) {
  for (const std::string& op : ops) {
    if (op.find("quantize") != std::string::npos) return true;
  }
  return false;
}

DataLayoutType KernelLayout(const Optimized& o, const std::string& type) {
  for (const auto& inst : o.runtime->instructions()) {
    if (inst.op().Type() == type) return inst.kernel().info().place.layout;
  }
  return DataLayoutType::kUnk;
}

#define SKIP_WITHOUT_X86_INT8_DEPTHWISE()          \
  if (!X86Int8KernelRunsHere("depthwise_conv2d")) \
  GTEST_SKIP() << "no x86 int8 depthwise kernel runs here (build or CPU: AVX-512F)"

TEST(Int8DepthwisePass, X86DepthwiseRunsInInt8AndMatchesTheQuantizedArithmetic) {
  SKIP_WITHOUT_X86_INT8_DEPTHWISE();
  for (const Depthwise d : {Depthwise{32, 1, 3, 1}, Depthwise{24, 1, 3, 2}, Depthwise{48, 1, 5, 1},
                            Depthwise{40, 1, 5, 2}}) {
    SCOPED_TRACE("channels " + std::to_string(d.channels) + " kernel " + std::to_string(d.kernel) +
                 " stride " + std::to_string(d.stride));
    const DDim dims({2, d.channels, kH, kW});
    const auto x = RandomVector(dims.production(), -3.f, 3.f, 7 + d.channels);
    const auto expected = Expected(d, x, 2);
    const Builder b = QatDepthwise(d);
    auto o = Optimize(b.program(), kX86, true, QatWeights(d));
    const auto ops = o->OpTypes();
    EXPECT_FALSE(QuantizeOpsLeft(ops)) << Join(ops, " ");
    EXPECT_EQ(ops, (std::vector<std::string>{"feed", "depthwise_conv2d", "fetch"})) << Join(ops, " ");
    const cpp::OpDesc* conv = o->FindOp("depthwise_conv2d");
    ASSERT_NE(conv, nullptr);
    EXPECT_TRUE(conv->GetAttrOr<bool>("enable_int8", false));
    EXPECT_EQ(KernelLayout(*o, "depthwise_conv2d"), DataLayoutType::kNCHW);  // alone
    ExpectAllNear(o->Run(dims, x), expected, 1e-4f);
    ExpectAllNear(NbRoundTrip(*o)->Run(dims, x), expected, 1e-4f);
    auto host = Optimize(b.program(), kHostOnly, true, QatWeights(d));
    EXPECT_FALSE(host->FindOp("depthwise_conv2d")->GetAttrOr<bool>("enable_int8", false));
    ExpectAllNear(host->Run(dims, x), expected, 1e-4f);
  }
}

#ifdef PLITE_WITH_ARM
// The same layers on ARM (the NEON kernel of lite/kernels/arm/depthwise_conv_int8_compute.cc,
// every aarch64 CPU), through CxxConfig's plan and the .nb.
TEST(Int8DepthwisePass, ArmDepthwiseRunsInInt8AndMatchesTheQuantizedArithmetic) {
  const std::vector<Place> arm = {Place{TARGET(kARM), PRECISION(kInt8)},
                                  Place{TARGET(kARM), PRECISION(kFloat)}};
  for (const Depthwise d : {Depthwise{32, 1, 3, 1}, Depthwise{24, 1, 3, 2}, Depthwise{16, 1, 5, 1},
                            Depthwise{40, 1, 5, 2}}) {
    SCOPED_TRACE("channels " + std::to_string(d.channels) + " kernel " + std::to_string(d.kernel) +
                 " stride " + std::to_string(d.stride));
    const DDim dims({2, d.channels, kH, kW});
    const auto x = RandomVector(dims.production(), -3.f, 3.f, 17 + d.channels);
    const auto expected = Expected(d, x, 2);
    auto o = Optimize(QatDepthwise(d).program(), arm, true, QatWeights(d));
    const auto ops = o->OpTypes();
    EXPECT_EQ(ops, (std::vector<std::string>{"feed", "depthwise_conv2d", "fetch"})) << Join(ops, " ");
    const cpp::OpDesc* conv = o->FindOp("depthwise_conv2d");
    ASSERT_NE(conv, nullptr);
    EXPECT_TRUE(conv->GetAttrOr<bool>("enable_int8", false));
    ExpectAllNear(o->Run(dims, x), expected, 1e-4f);
    ExpectAllNear(NbRoundTrip(*o)->Run(dims, x), expected, 1e-4f);
  }
}
#endif  // PLITE_WITH_ARM

TEST(Int8DepthwisePass, MultiplierOrFewChannelsKeepTheFloatSimulation) {
  SKIP_WITHOUT_X86_INT8_DEPTHWISE();
  for (const Depthwise d : {Depthwise{16, 2, 3, 1}, Depthwise{8, 1, 3, 1}}) {
    SCOPED_TRACE("channels " + std::to_string(d.channels) + " multiplier " +
                 std::to_string(d.multiplier));
    const DDim dims({1, d.channels, kH, kW});
    const auto x = RandomVector(dims.production(), -3.f, 3.f, 9);
    auto o = Optimize(QatDepthwise(d).program(), kX86, true, QatWeights(d));
    EXPECT_FALSE(o->FindOp("depthwise_conv2d")->GetAttrOr<bool>("enable_int8", false));
    EXPECT_TRUE(QuantizeOpsLeft(o->OpTypes())) << Join(o->OpTypes(), " ");
    ExpectAllNear(o->Run(dims, x), Expected(d, x, 1), 1e-4f);
  }
}

// pointwise conv (int8) -> depthwise (int8) -> pointwise conv (int8), all quantized: where
// the CPU runs the NCHW16c int8 conv (AVX512_VNNI) the three run blocked, the planner
// counting the reorders the plain int8 kernels would make; the result is the simulation's.
TEST(Int8DepthwisePass, RunsBlockedBetweenInt8Convs) {
  SKIP_WITHOUT_X86_INT8_DEPTHWISE();
  constexpr int kC = 32;
  Builder b({-1, kC, kH, kW});
  Weights weights;
  std::string in = "x";
  const char* types[] = {"conv2d", "depthwise_conv2d", "conv2d"};
  for (int l = 0; l < 3; ++l) {
    const std::string n = std::to_string(l);
    const int taps = l == 1 ? 9 : 1, per_group = l == 1 ? 1 : kC;
    const DDim wd({kC, per_group, l == 1 ? 3 : 1, l == 1 ? 3 : 1});
    b.AddVar("s" + n, cpp::VarKind::kLodTensor, {1}, true);
    b.AddVar("w" + n, cpp::VarKind::kLodTensor, wd.Vectorize(), true);
    b.Op("fake_quantize_dequantize_moving_average_abs_max", {{"X", in}, {"InScale", "s" + n}},
         {{"Out", in + "q"}, {"OutScale", "s" + n}});
    b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", "w" + n}}, {{"Out", "wq" + n}});
    cpp::OpDesc& conv = b.Op(types[l], {{"Input", in + "q"}, {"Filter", "wq" + n}},
                             {{"Output", "y" + n}});
    conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
    conv.SetAttr<std::vector<int32_t>>("paddings", {l == 1 ? 1 : 0, l == 1 ? 1 : 0});
    conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
    conv.SetAttr<int32_t>("groups", l == 1 ? kC : 1);
    weights["s" + n] = {DDim({1}), {2.f}};
    weights["w" + n] = {wd, RandomVector(kC * per_group * taps, -0.5f, 0.5f, 60 + l)};
    in = "y" + n;
  }
  b.Fetch(in, 0);
  const DDim dims({1, kC, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 13);
  // The float simulation on host is the reference here (the double loops above check it).
  const auto want = Optimize(b.program(), kHostOnly, true, weights)->Run(dims, x);
  auto o = Optimize(b.program(), kX86, true, weights);
  ExpectAllNear(o->Run(dims, x), want, 2e-4f);
  EXPECT_TRUE(o->FindOp("depthwise_conv2d")->GetAttrOr<bool>("enable_int8", false));
  bool vnni = false;  // the NCHW16c int8 conv runs here
  for (const KernelInfo* info : KernelRegistry::Global().Kernels("conv2d")) {
    vnni |= info->place.precision == PrecisionType::kInt8 &&
            info->place.layout == DataLayoutType::kNCHW16c && info->RunsOnThisCpu();
  }
  if (vnni) {
    EXPECT_FALSE(QuantizeOpsLeft(o->OpTypes())) << Join(o->OpTypes(), " ");
    EXPECT_EQ(KernelLayout(*o, "depthwise_conv2d"), DataLayoutType::kNCHW16c);
    EXPECT_EQ(KernelLayout(*o, "conv2d"), DataLayoutType::kNCHW16c);
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
