// int8_quantize_pass with the x86 int8 conv on small QAT programs as PaddleSlim writes them
// (fake quantize-dequantize ops, or quantize_linear + dequantize_linear, on a conv's input
// and filter; batch norm and an activation after it): with an x86 int8 place the conv runs
// in int8 and the quantize ops are gone; host plans keep the float simulation; both compute
// the quantized arithmetic of a plain double loop written here. Chains of convs wide enough
// for blocks run on the NCHW16c int8 kernel where the CPU has AVX512_VNNI. keep_fp32_ops
// keeps a conv in float, a .nb round trip keeps the int8 filter, malformed int8 attributes
// are clear errors.
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

// conv: 32 -> 6 channels, 3x3, stride `stride`, padding 1, `groups`; then batch_norm, relu6.
struct ConvCase {
  int stride;
  int groups;
  bool linear;  // quantize_linear + dequantize_linear instead of the fake ops
};

// 32 input channels: 16 per group with two groups, as many as int8 needs to pay.
constexpr int kIn = 32, kOut = 6, kH = 7, kW = 6;
constexpr float kActScale = 2.5f;  // |x| reaches past it: clipping is exercised

std::vector<float> Filter(int groups) {
  return RandomVector(kOut * (kIn / groups) * 9, -0.8f, 0.8f, 21 + groups);
}

Builder QatConv(const ConvCase& c, bool bn_and_act = true) {
  Builder b({-1, kIn, kH, kW});
  b.AddVar("x_scale", cpp::VarKind::kLodTensor, {1}, true);
  b.AddVar("w", cpp::VarKind::kLodTensor, {kOut, kIn / c.groups, 3, 3}, true);
  if (c.linear) {
    b.Op("quantize_linear", {{"X", "x"}, {"Scale", "x_scale"}}, {{"Y", "x_int"}})
        .SetAttr<int32_t>("quant_axis", -1);
    b.Op("dequantize_linear", {{"X", "x_int"}, {"Scale", "x_scale"}}, {{"Y", "xq"}})
        .SetAttr<int32_t>("quant_axis", -1);
    b.AddVar("w_scale", cpp::VarKind::kLodTensor, {kOut}, true);
    b.Op("quantize_linear", {{"X", "w"}, {"Scale", "w_scale"}}, {{"Y", "w_int"}})
        .SetAttr<int32_t>("quant_axis", 0);
    b.Op("dequantize_linear", {{"X", "w_int"}, {"Scale", "w_scale"}}, {{"Y", "wq"}})
        .SetAttr<int32_t>("quant_axis", 0);
  } else {
    b.Op("fake_quantize_dequantize_moving_average_abs_max",
         {{"X", "x"}, {"InScale", "x_scale"}}, {{"Out", "xq"}, {"OutScale", "x_scale"}})
        .SetAttr<bool>("is_test", true);
    b.AddVar("w.scale", cpp::VarKind::kLodTensor, {kOut}, true);
    b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", "w"}},
         {{"Out", "wq"}, {"OutScale", "w.scale"}});
  }
  cpp::OpDesc& conv = b.Op("conv2d", {{"Input", "xq"}, {"Filter", "wq"}}, {{"Output", "y"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {c.stride, c.stride});
  conv.SetAttr<std::vector<int32_t>>("paddings", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", c.groups);
  if (!bn_and_act) {
    b.Fetch("y", 0);
    return b;
  }
  for (const char* v : {"bn_scale", "bn_bias", "bn_mean", "bn_var"}) {
    b.AddVar(v, cpp::VarKind::kLodTensor, {kOut}, true);
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

std::vector<float> ChannelMax(const std::vector<float>& w) {
  const size_t per = w.size() / kOut;
  std::vector<float> m(kOut, 0.f);
  for (int o = 0; o < kOut; ++o) {
    for (size_t i = 0; i < per; ++i) m[o] = std::max(m[o], std::fabs(w[o * per + i]));
  }
  return m;
}

// A negative gamma: the folded scale of that channel is negative.
const std::vector<float> kGamma{1.5f, -0.7f, 0.9f, 2.f, 0.4f, 1.f};
const std::vector<float> kBeta{0.1f, 0.2f, -0.3f, 0.f, 1.f, -1.f};
const std::vector<float> kMean{0.05f, -0.1f, 0.2f, 0.f, 0.3f, -0.2f};
const std::vector<float> kVar{1.f, 0.5f, 2.f, 0.8f, 1.2f, 0.3f};

Weights QatWeights(int groups) {
  const auto w = Filter(groups);
  const DDim c({kOut});
  return {{"x_scale", {DDim({1}), {kActScale}}},
          {"w", {DDim({kOut, kIn / groups, 3, 3}), w}},
          {"w_scale", {c, ChannelMax(w)}},
          {"w.scale", {c, ChannelMax(w)}},
          {"bn_scale", {c, kGamma}},
          {"bn_bias", {c, kBeta}},
          {"bn_mean", {c, kMean}},
          {"bn_var", {c, kVar}}};
}

// Paddle's quantize-dequantize with ties away from zero (round_type 1), and ties to even
// (0, the linear ops' default, clamped to [-128, 127]).
double Qdq(double v, double s, bool ties_to_even) {
  if (ties_to_even) {
    return std::min(127.0, std::max(-128.0, std::nearbyint(v * 127 / s))) * s / 127;
  }
  v = std::min(std::max(v, -s), s);
  return std::round(v * 127 / s) * s / 127;
}

std::vector<float> Expected(const ConvCase& c, const std::vector<float>& x, int batch,
                            bool bn_and_act = true) {
  const auto w = Filter(c.groups);
  const auto s = ChannelMax(w);
  const int cg = kIn / c.groups, og = kOut / c.groups;
  const int oh_n = (kH + 2 - 3) / c.stride + 1, ow_n = (kW + 2 - 3) / c.stride + 1;
  std::vector<float> y;
  for (int n = 0; n < batch; ++n) {
    for (int o = 0; o < kOut; ++o) {
      const int g = o / og;
      for (int oh = 0; oh < oh_n; ++oh) {
        for (int ow = 0; ow < ow_n; ++ow) {
          double acc = 0;
          for (int i = 0; i < cg; ++i) {
            for (int kh = 0; kh < 3; ++kh) {
              for (int kw = 0; kw < 3; ++kw) {
                const int ih = oh * c.stride - 1 + kh, iw = ow * c.stride - 1 + kw;
                if (ih < 0 || ih >= kH || iw < 0 || iw >= kW) continue;
                const double xv = x[((n * kIn + g * cg + i) * kH + ih) * kW + iw];
                const double wv = w[((o * cg + i) * 3 + kh) * 3 + kw];
                // Weights: abs-max scales, never a tie to worry about; both fake op defaults.
                acc += Qdq(xv, kActScale, c.linear) * Qdq(wv, s[o], c.linear);
              }
            }
          }
          if (bn_and_act) {
            acc = (acc - kMean[o]) * kGamma[o] / std::sqrt(kVar[o] + 1e-5) + kBeta[o];
            acc = std::min(std::max(acc, 0.0), 6.0);
          }
          y.push_back(static_cast<float>(acc));
        }
      }
    }
  }
  return y;
}

int Count(const std::vector<std::string>& ops, const std::string& type) {
  return static_cast<int>(std::count(ops.begin(), ops.end(), type));
}

bool QuantizeOpsLeft(const std::vector<std::string>& ops) {
  for (const std::string& op : ops) {
    if (op.find("quantize") != std::string::npos) return true;
  }
  return false;
}

const std::vector<Place> kX86 = {Place{TARGET(kX86), PRECISION(kInt8)},
                                  Place{TARGET(kX86), PRECISION(kFloat)}};

#define SKIP_WITHOUT_X86_INT8() \
  if (!X86Int8ConvsRunHere()) GTEST_SKIP() << "no x86 int8 conv runs here (build or CPU)"

TEST(Int8QuantizePass, X86ConvRunsInInt8AndMatchesTheQuantizedArithmetic) {
  SKIP_WITHOUT_X86_INT8();
  const DDim dims({2, kIn, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 7);
  for (const ConvCase c : {ConvCase{1, 1, false}, ConvCase{2, 1, false}, ConvCase{1, 2, false},
                           ConvCase{1, 1, true}, ConvCase{2, 2, true}}) {
    SCOPED_TRACE("stride " + std::to_string(c.stride) + " groups " + std::to_string(c.groups) +
                 (c.linear ? " linear" : " fake"));
    const Builder b = QatConv(c);
    const auto expected = Expected(c, x, 2);
    auto o = Optimize(b.program(), kX86, true, QatWeights(c.groups));
    const auto ops = o->OpTypes();
    EXPECT_FALSE(QuantizeOpsLeft(ops)) << Join(ops, " ");
    EXPECT_EQ(Count(ops, "batch_norm") + Count(ops, "relu6"), 0) << Join(ops, " ");
    const cpp::OpDesc* conv = o->FindOp("conv2d");
    ASSERT_NE(conv, nullptr);
    EXPECT_TRUE(conv->GetAttrOr<bool>("enable_int8", false));
    ExpectAllNear(o->Run(dims, x), expected, 1e-4f);
    // The light predictor's path: the .nb keeps the int8 filter and the scales.
    ExpectAllNear(NbRoundTrip(*o)->Run(dims, x), expected, 1e-4f);
    // Float places only: the float simulation, computing the same.
    auto x86_float = Optimize(b.program(), {Place{TARGET(kX86), PRECISION(kFloat)}}, true,
                              QatWeights(c.groups));
    EXPECT_FALSE(x86_float->FindOp("conv2d")->GetAttrOr<bool>("enable_int8", false));
    ExpectAllNear(x86_float->Run(dims, x), expected, 1e-4f);
    // The float simulation on host computes the same.
    auto host = Optimize(b.program(), kHostOnly, true, QatWeights(c.groups));
    EXPECT_FALSE(host->FindOp("conv2d")->GetAttrOr<bool>("enable_int8", false));
    ExpectAllNear(host->Run(dims, x), expected, 1e-4f);
  }
}

TEST(Int8QuantizePass, UnfusedConvKeepsItsOutputsExact) {
  SKIP_WITHOUT_X86_INT8();
  // Without fusions: the conv's own output, no bias or activation, in int8.
  const ConvCase c{1, 1, false};
  const DDim dims({1, kIn, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 9);
  auto o = Optimize(QatConv(c, false).program(), kX86, false, QatWeights(1));
  EXPECT_TRUE(o->FindOp("conv2d")->GetAttrOr<bool>("enable_int8", false));
  ExpectAllNear(o->Run(dims, x), Expected(c, x, 1, false), 1e-5f);
}

TEST(Int8QuantizePass, KeepFp32OpsKeepsTheFloatSimulation) {
  SKIP_WITHOUT_X86_INT8();
  const ConvCase c{1, 1, false};
  const DDim dims({1, kIn, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 8);
  // By type, or by the var the fused conv writes (its relu6's output, as the optimized
  // program names it: the pass runs before the fusions).
  for (const char* entry : {"conv2d", "out"}) {
    KernelChoices choices;
    choices.keep_fp32_ops = {entry};
    OptimizerOptions options;
    auto o = Optimize(QatConv(c).program(), kX86, options, QatWeights(1), 1, choices);
    EXPECT_FALSE(o->FindOp("conv2d")->GetAttrOr<bool>("enable_int8", false)) << entry;
    EXPECT_EQ(Count(o->OpTypes(), "fake_quantize_dequantize_moving_average_abs_max"), 1);
    ExpectAllNear(o->Run(dims, x), Expected(c, x, 1), 1e-4f);
  }
}

TEST(Int8QuantizePass, AnActivationQuantizedOnceFeedsTwoInt8Convs) {
  SKIP_WITHOUT_X86_INT8();
  Builder b({-1, kIn, kH, kW});
  b.AddVar("x_scale", cpp::VarKind::kLodTensor, {1}, true);
  b.Op("fake_quantize_dequantize_moving_average_abs_max", {{"X", "x"}, {"InScale", "x_scale"}},
       {{"Out", "xq"}, {"OutScale", "x_scale"}});
  for (const char* name : {"a", "b"}) {
    const std::string w = std::string("w") + name;
    b.AddVar(w, cpp::VarKind::kLodTensor, {kOut, kIn, 3, 3}, true);
    b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", w}}, {{"Out", w + "q"}});
    cpp::OpDesc& conv = b.Op("conv2d", {{"Input", "xq"}, {"Filter", w + "q"}},
                             {{"Output", std::string("y") + name}});
    conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
    conv.SetAttr<std::vector<int32_t>>("paddings", {1, 1});
    conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
    conv.SetAttr<int32_t>("groups", 1);
  }
  b.Fetch("ya", 0);
  b.Fetch("yb", 1);
  const auto w = Filter(1);
  Weights weights{{"x_scale", {DDim({1}), {kActScale}}},
                  {"wa", {DDim({kOut, kIn, 3, 3}), w}},
                  {"wb", {DDim({kOut, kIn, 3, 3}), w}}};
  const DDim dims({1, kIn, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 10);
  auto o = Optimize(b.program(), kX86, true, weights);
  EXPECT_FALSE(QuantizeOpsLeft(o->OpTypes())) << Join(o->OpTypes(), " ");
  const auto expected = Expected(ConvCase{1, 1, false}, x, 1, false);
  ExpectAllNear(o->Run(dims, x, 0), expected, 1e-5f);
  ExpectAllNear(o->Run(dims, x, 1), expected, 1e-5f);
}

// A chain of QAT convs wide enough for NCHW16c (at least one block of channels): on CPUs with
// AVX512_VNNI the blocked-layout planner runs them on the NCHW16c int8 kernel (the casts in
// and out pay for four convs); elsewhere the NCHW one. Either computes the simulation.
struct ChainConv {
  int in_c, out_c, kernel, stride;
  float act_scale;
};
const ChainConv kChain[] = {{16, 32, 1, 1, 2.5f}, {32, 32, 3, 1, 6.f}, {32, 48, 1, 1, 20.f},
                            {48, 24, 3, 2, 40.f}};

std::vector<double> SimulatedConv(const ChainConv& c, const std::vector<double>& x, int h,
                                  int w, const std::vector<float>& filter, int* out_h,
                                  int* out_w) {
  const int pad = c.kernel / 2;
  *out_h = (h + 2 * pad - c.kernel) / c.stride + 1;
  *out_w = (w + 2 * pad - c.kernel) / c.stride + 1;
  const int taps = c.in_c * c.kernel * c.kernel;
  std::vector<double> y(static_cast<size_t>(c.out_c) * *out_h * *out_w, 0.0);
  for (int o = 0; o < c.out_c; ++o) {
    double s = 0;
    for (int i = 0; i < taps; ++i) s = std::max(s, double{std::fabs(filter[o * taps + i])});
    for (int oy = 0; oy < *out_h; ++oy) {
      for (int ox = 0; ox < *out_w; ++ox) {
        double acc = 0;
        for (int i = 0; i < c.in_c; ++i) {
          for (int ky = 0; ky < c.kernel; ++ky) {
            for (int kx = 0; kx < c.kernel; ++kx) {
              const int iy = oy * c.stride - pad + ky, ix = ox * c.stride - pad + kx;
              if (iy < 0 || iy >= h || ix < 0 || ix >= w) continue;
              acc += Qdq(x[(i * h + iy) * w + ix], c.act_scale, false) *
                     Qdq(filter[((o * c.in_c + i) * c.kernel + ky) * c.kernel + kx], s, false);
            }
          }
        }
        y[(o * *out_h + oy) * *out_w + ox] = acc;
      }
    }
  }
  return y;
}

// Builds the chain of `layers`, checks the plan computes the simulation and returns how many
// of its convs run on the NCHW16c kernel.
int RunChain(const std::vector<ChainConv>& layers) {
  constexpr int kH0 = 9, kW0 = 14;
  Builder b({-1, layers[0].in_c, kH0, kW0});
  Weights weights;
  std::string in = "x";
  for (size_t l = 0; l < layers.size(); ++l) {
    const ChainConv& c = layers[l];
    const std::string n = std::to_string(l);
    b.AddVar("s" + n, cpp::VarKind::kLodTensor, {1}, true);
    b.AddVar("w" + n, cpp::VarKind::kLodTensor, {c.out_c, c.in_c, c.kernel, c.kernel}, true);
    b.Op("fake_quantize_dequantize_moving_average_abs_max", {{"X", in}, {"InScale", "s" + n}},
         {{"Out", in + "q"}, {"OutScale", "s" + n}});
    b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", "w" + n}}, {{"Out", "wq" + n}});
    cpp::OpDesc& conv = b.Op("conv2d", {{"Input", in + "q"}, {"Filter", "wq" + n}},
                             {{"Output", "y" + n}});
    conv.SetAttr<std::vector<int32_t>>("strides", {c.stride, c.stride});
    conv.SetAttr<std::vector<int32_t>>("paddings", {c.kernel / 2, c.kernel / 2});
    conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
    conv.SetAttr<int32_t>("groups", 1);
    weights["s" + n] = {DDim({1}), {c.act_scale}};
    weights["w" + n] = {DDim({c.out_c, c.in_c, c.kernel, c.kernel}),
                        RandomVector(c.out_c * c.in_c * c.kernel * c.kernel, -0.5f, 0.5f,
                                     30 + static_cast<int>(l))};
    in = "y" + n;
  }
  b.Fetch(in, 0);
  const DDim dims({1, layers[0].in_c, kH0, kW0});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 12);
  std::vector<double> expected(x.begin(), x.end());
  int h = kH0, w = kW0;
  for (size_t l = 0; l < layers.size(); ++l) {
    expected = SimulatedConv(layers[l], expected, h, w, weights["w" + std::to_string(l)].second,
                             &h, &w);
  }
  auto o = Optimize(b.program(), kX86, true, weights);
  EXPECT_FALSE(QuantizeOpsLeft(o->OpTypes())) << Join(o->OpTypes(), " ");
  const std::vector<float> want(expected.begin(), expected.end());
  ExpectAllNear(o->Run(dims, x), want, 2e-4f);
  ExpectAllNear(NbRoundTrip(*o)->Run(dims, x), want, 2e-4f);
  int blocked = 0;
  for (const auto& inst : o->runtime->instructions()) {
    blocked += inst.op().Type() == "conv2d" &&
               inst.kernel().info().place.layout == DataLayoutType::kNCHW16c;
  }
  return blocked;
}

TEST(Int8QuantizePass, WideConvChainsRunBlockedWhereTheCpuHasVnni) {
  SKIP_WITHOUT_X86_INT8();
  bool vnni = false;  // the NCHW16c int8 kernel runs here
  for (const KernelInfo* info : KernelRegistry::Global().Kernels("conv2d")) {
    vnni |= info->place.precision == PrecisionType::kInt8 &&
            info->place.layout == DataLayoutType::kNCHW16c && info->RunsOnThisCpu();
  }
  EXPECT_EQ(RunChain({std::begin(kChain), std::end(kChain)}), vnni ? 4 : 0);
  // One conv alone is not worth two casts: the NCHW kernel runs it (on VNNI CPUs through
  // the same tiles, blocking and unblocking around them).
  EXPECT_EQ(RunChain({kChain[1]}), 0);
}

// A QAT product by a weight matrix (matmul_v2, its weight quantized per column: quant_axis
// 1) with a bias add and relu: an int8 fc with the bias and relu in its epilogue (fusions
// on), or an int8 fc and the add after it (off); rows of X flattened as fc does (x [B, 3,
// 40]: 3 B rows, transposed through scratch; x [1, 40]: one row).
TEST(Int8QuantizePass, ProductsByAWeightRunAsInt8Fc) {
  SKIP_WITHOUT_X86_INT8();
  constexpr int kK = 40, kN = 20;
  const auto w = RandomVector(kK * kN, -0.5f, 0.5f, 41);
  const auto bias = RandomVector(kN, -1.f, 1.f, 42);
  std::vector<float> col_max(kN, 0.f);
  for (int i = 0; i < kK * kN; ++i) col_max[i % kN] = std::max(col_max[i % kN], std::fabs(w[i]));
  for (const std::vector<int64_t>& x_dims : {std::vector<int64_t>{-1, 3, kK},
                                             std::vector<int64_t>{-1, kK}}) {
    Builder b(x_dims);
    b.AddVar("s", cpp::VarKind::kLodTensor, {1}, true);
    b.AddVar("w", cpp::VarKind::kLodTensor, {kK, kN}, true);
    b.AddVar("bias", cpp::VarKind::kLodTensor, {kN}, true);
    b.Op("fake_quantize_dequantize_moving_average_abs_max", {{"X", "x"}, {"InScale", "s"}},
         {{"Out", "xq"}, {"OutScale", "s"}});
    b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", "w"}}, {{"Out", "wq"}})
        .SetAttr<int32_t>("quant_axis", 1);
    b.Op("matmul_v2", {{"X", "xq"}, {"Y", "wq"}}, {{"Out", "p"}});
    b.Op("elementwise_add", {{"X", "p"}, {"Y", "bias"}}, {{"Out", "z"}})
        .SetAttr<int32_t>("axis", -1);
    b.Op("relu", {{"X", "z"}}, {{"Out", "out"}});
    b.Fetch("out", 0);
    const Weights weights{{"s", {DDim({1}), {kActScale}}},
                          {"w", {DDim({kK, kN}), w}},
                          {"bias", {DDim({kN}), bias}}};
    const int rows = x_dims.size() == 3 ? 2 * 3 : 1;
    const DDim dims(x_dims.size() == 3 ? std::vector<int64_t>{2, 3, kK}
                                       : std::vector<int64_t>{1, kK});
    const auto x = RandomVector(rows * kK, -3.f, 3.f, 43);
    std::vector<float> expected(rows * kN);
    for (int r = 0; r < rows; ++r) {
      for (int j = 0; j < kN; ++j) {
        double acc = bias[j];
        for (int c = 0; c < kK; ++c) {
          acc += Qdq(x[r * kK + c], kActScale, false) * Qdq(w[c * kN + j], col_max[j], false);
        }
        expected[r * kN + j] = static_cast<float>(std::max(acc, 0.0));
      }
    }
    for (bool fuse : {true, false}) {
      SCOPED_TRACE(std::string(fuse ? "fused" : "unfused") + " rank " +
                   std::to_string(x_dims.size()));
      auto o = Optimize(b.program(), kX86, fuse, weights);
      const cpp::OpDesc* fc = o->FindOp("fc");
      ASSERT_NE(fc, nullptr) << Join(o->OpTypes(), " ");
      EXPECT_TRUE(fc->GetAttrOr<bool>("enable_int8", false));
      EXPECT_FALSE(QuantizeOpsLeft(o->OpTypes())) << Join(o->OpTypes(), " ");
      EXPECT_EQ(Count(o->OpTypes(), "elementwise_add"), fuse ? 0 : 1) << Join(o->OpTypes(), " ");
      ExpectAllNear(o->Run(dims, x), expected, 1e-4f);
      ExpectAllNear(NbRoundTrip(*o)->Run(dims, x), expected, 1e-4f);
    }
  }
}

TEST(Int8QuantizePass, SumsTooLongForInt32StayFloat) {
  SKIP_WITHOUT_X86_INT8();
  // 70000 u8 x s8 products could pass 2^31 in an int32 lane: the product stays float.
  constexpr int kK = 70000;
  Builder b({-1, kK});
  b.AddVar("s", cpp::VarKind::kLodTensor, {1}, true);
  b.AddVar("w", cpp::VarKind::kLodTensor, {kK, 2}, true);
  b.Op("fake_quantize_dequantize_moving_average_abs_max", {{"X", "x"}, {"InScale", "s"}},
       {{"Out", "xq"}, {"OutScale", "s"}});
  b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", "w"}}, {{"Out", "wq"}})
      .SetAttr<int32_t>("quant_axis", 1);
  b.Op("matmul_v2", {{"X", "xq"}, {"Y", "wq"}}, {{"Out", "y"}});
  b.Fetch("y", 0);
  auto o = Optimize(b.program(), kX86, true,
                    {{"s", {DDim({1}), {1.f}}},
                     {"w", {DDim({kK, 2}), std::vector<float>(kK * 2, 0.5f)}}});
  EXPECT_EQ(o->FindOp("fc"), nullptr) << Join(o->OpTypes(), " ");
  EXPECT_EQ(Count(o->OpTypes(), "matmul_v2"), 1) << Join(o->OpTypes(), " ");
}

TEST(Int8QuantizePass, MalformedInt8AttributesAreClearErrors) {
  SKIP_WITHOUT_X86_INT8();
  // A conv marked enable_int8 without its scales (a hand-edited or truncated model).
  Builder b({-1, 2, 3, 3});
  b.AddVar("w", cpp::VarKind::kLodTensor, {2, 2, 1, 1}, true);
  cpp::OpDesc& conv = b.Op("conv2d", {{"Input", "x"}, {"Filter", "w"}}, {{"Output", "y"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", 1);
  conv.SetAttr<bool>("enable_int8", true);
  b.Fetch("y", 0);
  try {
    Optimize(b.program(), kX86, true, {{"w", {DDim({2, 2, 1, 1}), {1, 0, 0, 1}}}});
    FAIL() << "no error";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("Input0_scale"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
