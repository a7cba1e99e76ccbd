// shuffle_channel_fuse_pass, elementwise_activation_fuse_pass and the conv fusions (also of
// conv2d_transpose) on small built programs:
// the graphs they leave, chains they must leave alone, and that every optimized program
// (fused or not, host or x86 kernels, 1 or 2 threads, and after a .nb round trip) computes
// what the unfused program computes on the host kernels.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// ---------------------------------------------------------------- shuffle_channel

struct ShuffleChain {
  std::vector<int64_t> x_dims;  // declared, batch -1
  std::vector<int32_t> split_shape, axis, merge_shape;
};

// feed x -> reshape2 -> transpose2 -> reshape2 -> fetch 'y'
Builder ShuffleProgram(const ShuffleChain& c) {
  Builder b(c.x_dims);
  b.Op("reshape2", {{"X", "x"}}, {{"Out", "split"}, {"XShape", "split_xshape"}})
      .SetAttr<std::vector<int32_t>>("shape", c.split_shape);
  b.Op("transpose2", {{"X", "split"}}, {{"Out", "swapped"}, {"XShape", "swapped_xshape"}})
      .SetAttr<std::vector<int32_t>>("axis", c.axis);
  b.Op("reshape2", {{"X", "swapped"}}, {{"Out", "y"}, {"XShape", "y_xshape"}})
      .SetAttr<std::vector<int32_t>>("shape", c.merge_shape);
  return b;
}

// Runs `b` fused and unfused on host and (where the CPU allows) x86 places, 1 and 2
// threads, two batch sizes, and a .nb round trip of the fused program; every result must
// equal the unfused host result exactly (these are copies). Returns the fused host program's
// op types.
std::vector<std::string> CheckShuffleProgram(const Builder& b, const std::vector<int64_t>& x_dims,
                                             int fetches = 1) {
  auto reference = Optimize(b.program(), kHostOnly, false);
  std::vector<std::string> fused_ops;
  for (bool x86 : {false, true}) {
    for (int threads : {1, 2}) {
      auto fused = Optimize(b.program(), PlacesOnThisCpu(x86), true, {}, threads);
      if (!x86 && threads == 1) fused_ops = fused->OpTypes();
      auto nb = NbRoundTrip(*fused);
      for (int64_t n : {1, 3}) {
        std::vector<int64_t> dims = x_dims;
        dims[0] = n;
        const DDim d(dims);
        const auto x = RandomVector(d.production(), -1.f, 1.f, static_cast<uint32_t>(n + threads));
        for (int col = 0; col < fetches; ++col) {
          SCOPED_TRACE(StrCat("x86=", x86, " threads=", threads, " n=", n, " col=", col));
          const auto expected = reference->Run(d, x, col);
          EXPECT_EQ(fused->Run(d, x, col), expected);
          EXPECT_EQ(nb->Run(d, x, col), expected);
        }
      }
    }
  }
  return fused_ops;
}

TEST(ShuffleChannelFuse, ChannelShuffleBecomesOneOp) {
  const std::vector<ShuffleChain> chains = {
      {{-1, 8, 3, 5}, {-1, 2, 4, 3, 5}, {0, 2, 1, 3, 4}, {-1, 8, 3, 5}},
      {{-1, 12, 7, 1}, {0, 3, 4, 7, 1}, {0, 2, 1, -2, -1}, {0, -1, 7, 1}},  // 0s, negative axes
      {{-1, 6, 1, 1}, {-1, 6, 1, 1, 1}, {0, 2, 1, 3, 4}, {-1, 6, 1, 1}},    // group = C
      {{-1, 10, 4, 3}, {0, 5, -1, 4, 3}, {0, 2, 1, 3, 4}, {-1, 10, 4, 3}},
  };
  const std::vector<int> groups = {2, 3, 6, 5};
  for (size_t i = 0; i < chains.size(); ++i) {
    SCOPED_TRACE(StrCat("chain ", i));
    Builder b = ShuffleProgram(chains[i]);
    b.Fetch("y", 0);
    const auto ops = CheckShuffleProgram(b, chains[i].x_dims);
    EXPECT_EQ(ops, (std::vector<std::string>{"feed", "shuffle_channel", "fetch"}));
    auto fused = Optimize(b.program(), kHostOnly, true);
    const cpp::OpDesc* shuffle = fused->FindOp("shuffle_channel");
    ASSERT_NE(shuffle, nullptr);
    EXPECT_EQ(shuffle->GetAttr<int32_t>("group"), groups[i]);
    EXPECT_EQ(shuffle->Input("X"), std::vector<std::string>{"x"});
    EXPECT_EQ(shuffle->Output("Out"), std::vector<std::string>{"y"});
  }
}

TEST(ShuffleChannelFuse, PicksTheX86KernelOnX86) {
  if (!X86KernelsRunHere()) GTEST_SKIP() << "CPU lacks AVX2+FMA";
  Builder b = ShuffleProgram({{-1, 8, 3, 5}, {-1, 2, 4, 3, 5}, {0, 2, 1, 3, 4}, {-1, 8, 3, 5}});
  b.Fetch("y", 0);
  auto fused = Optimize(b.program(), kX86Host, true);
  const cpp::OpDesc* shuffle = fused->FindOp("shuffle_channel");
  ASSERT_NE(shuffle, nullptr);
  EXPECT_NE(shuffle->GetAttr<std::string>(kKernelKeyAttr).find(",x86,"), std::string::npos);
}

TEST(ShuffleChannelFuse, ChainsThatAreNotAShuffleStayUnfused) {
  const std::vector<int64_t> x = {-1, 8, 3, 5};
  const std::vector<ShuffleChain> chains = {
      {x, {-1, 2, 4, 3, 5}, {0, 1, 2, 4, 3}, {-1, 8, 5, 3}},   // another permutation
      {x, {-1, 2, 4, 15, 1}, {0, 2, 1, 3, 4}, {-1, 8, 3, 5}},  // spatial dims regrouped
      {x, {-1, 2, 12, 1, 5}, {0, 2, 1, 3, 4}, {-1, 8, 3, 5}},  // C*H regrouped
      {x, {-1, 2, 4, 3, 5}, {0, 2, 1, 3, 4}, {-1, 4, 6, 5}},   // merged into other dims
      {x, {2, 2, 4, 3, 5}, {0, 2, 1, 3, 4}, {-1, 8, 3, 5}},    // batch fixed at 2 (N = 2 only)
      {{-1, 8, -1, 5}, {-1, 2, 4, 3, 5}, {0, 2, 1, 3, 4}, {-1, 8, 3, 5}},  // H unknown
  };
  for (size_t i = 0; i < chains.size(); ++i) {
    SCOPED_TRACE(StrCat("chain ", i));
    Builder b = ShuffleProgram(chains[i]);
    b.Fetch("y", 0);
    auto fused = Optimize(b.program(), kHostOnly, true);
    EXPECT_EQ(fused->FindOp("shuffle_channel"), nullptr);
    EXPECT_NE(fused->FindOp("transpose2"), nullptr);
  }
  // The ones valid for any batch also compute the unfused result.
  for (size_t i : {0, 1, 2, 3}) {
    Builder b = ShuffleProgram(chains[i]);
    b.Fetch("y", 0);
    CheckShuffleProgram(b, {1, 8, 3, 5});
  }
}

TEST(ShuffleChannelFuse, IntermediatesWithOtherReadersStayUnfused) {
  const ShuffleChain chain = {{-1, 8, 3, 5}, {-1, 2, 4, 3, 5}, {0, 2, 1, 3, 4}, {-1, 8, 3, 5}};
  for (const std::string reread : {"split", "swapped", "split_xshape", "swapped_xshape",
                                    "y_xshape"}) {
    SCOPED_TRACE(reread);
    Builder b = ShuffleProgram(chain);
    b.Fetch("y", 0);
    if (reread.find("xshape") != std::string::npos) {
      b.Op("shape", {{"Input", reread}}, {{"Out", "xshape_dims"}});
      b.Op("relu", {{"X", "y"}}, {{"Out", "z"}});
      b.Fetch("z", 1);
      auto fused = Optimize(b.program(), kHostOnly, true);
      EXPECT_EQ(fused->FindOp("shuffle_channel"), nullptr);
      continue;
    }
    b.Fetch(reread, 1);  // the intermediate is fetched
    auto fused = Optimize(b.program(), kHostOnly, true);
    EXPECT_EQ(fused->FindOp("shuffle_channel"), nullptr);
    CheckShuffleProgram(b, {1, 8, 3, 5}, 2);

    Builder c = ShuffleProgram(chain);  // the intermediate feeds another op
    c.Op("relu", {{"X", reread}}, {{"Out", "r"}});
    c.Fetch("y", 0);
    c.Fetch("r", 1);
    auto fused_c = Optimize(c.program(), kHostOnly, true);
    EXPECT_EQ(fused_c->FindOp("shuffle_channel"), nullptr);
    CheckShuffleProgram(c, {1, 8, 3, 5}, 2);
  }
}

TEST(ShuffleChannelFuse, MalformedShapesAreLeftAlone) {
  const std::vector<ShuffleChain> chains = {
      {{-1, int64_t{1} << 40, 1 << 30, 1 << 30}, {-1, 2, 1 << 30, 1 << 30, 1 << 30},
       {0, 2, 1, 3, 4}, {-1, 1 << 30, 1 << 30, 1 << 30}},  // products past int64
      {{-1, 8, 3, 5}, {-1, 2, 2147483647, 2147483647, 2147483647}, {0, 2, 1, 3, 4},
       {-1, 8, 3, 5}},
      {{-1, 0, 3, 5}, {-1, 2, 0, 3, 5}, {0, 2, 1, 3, 4}, {-1, 0, 3, 5}},  // zero dims
  };
  for (const ShuffleChain& c : chains) {
    Builder b = ShuffleProgram(c);
    b.Fetch("y", 0);
    auto fused = Optimize(b.program(), kHostOnly, true);
    EXPECT_EQ(fused->FindOp("shuffle_channel"), nullptr);
  }
}

TEST(ShuffleChannelFuse, TwoChainsInARowBothFuse) {
  const ShuffleChain chain = {{-1, 8, 3, 5}, {-1, 2, 4, 3, 5}, {0, 2, 1, 3, 4}, {-1, 8, 3, 5}};
  Builder b = ShuffleProgram(chain);
  b.AddVar("y2", cpp::VarKind::kLodTensor, {-1, 8, 3, 5});
  b.Op("reshape2", {{"X", "y"}}, {{"Out", "s2"}, {"XShape", "s2x"}})
      .SetAttr<std::vector<int32_t>>("shape", {0, 4, 2, 3, 5});
  b.Op("transpose2", {{"X", "s2"}}, {{"Out", "t2"}, {"XShape", "t2x"}})
      .SetAttr<std::vector<int32_t>>("axis", {0, 2, 1, 3, 4});
  b.Op("reshape2", {{"X", "t2"}}, {{"Out", "y2"}, {"XShape", "y2x"}})
      .SetAttr<std::vector<int32_t>>("shape", {-1, 8, 3, 5});
  b.Fetch("y2", 0);
  // The second chain's X is 'y', declared by the builder without dims: give it some.
  Builder with_dims = b;
  auto program = with_dims.program();
  for (auto& v : program.blocks[0].vars) {
    if (v.name == "y") v.shape = {-1, 8, 3, 5};
  }
  auto fused = Optimize(program, kHostOnly, true);
  EXPECT_EQ(fused->OpTypes(),
            (std::vector<std::string>{"feed", "shuffle_channel", "shuffle_channel", "fetch"}));
  auto reference = Optimize(program, kHostOnly, false);
  const DDim d({2, 8, 3, 5});
  const auto x = RandomVector(d.production(), -1.f, 1.f, 5);
  EXPECT_EQ(fused->Run(d, x), reference->Run(d, x));
}

// ---------------------------------------------------------------- elementwise + activation

struct ActCase {
  std::string type;
  std::map<std::string, float> attrs;
  std::map<std::string, bool> flags;
};

// Every fusable activation, with non-default parameters where it has any (gelu in both
// forms).
const std::vector<ActCase> kActs = {
    {"relu", {}, {}},
    {"relu6", {{"threshold", 1.5f}}, {}},
    {"leaky_relu", {{"alpha", 0.1f}}, {}},
    {"hard_swish", {{"threshold", 5.f}, {"scale", 4.f}, {"offset", 2.f}}, {}},
    {"hard_sigmoid", {{"slope", 0.3f}, {"offset", 0.4f}}, {}},
    {"sigmoid", {}, {}},
    {"swish", {{"beta", 0.7f}}, {}},
    {"tanh", {}, {}},
    {"gelu", {}, {}},
    {"gelu", {}, {{"approximate", true}}},
    {"exp", {}, {}},
    {"abs", {}, {}},
};

cpp::OpDesc& AddActivation(Builder* b, const ActCase& act, const std::string& in,
                           const std::string& out) {
  auto& a = b->Op(act.type, {{"X", in}}, {{"Out", out}});
  for (const auto& [name, value] : act.attrs) a.SetAttr<float>(name, value);
  for (const auto& [name, value] : act.flags) a.SetAttr<bool>(name, value);
  return a;
}

// The fused op carries the activation: act_type and every parameter, typed.
void ExpectFusedActivation(const cpp::OpDesc* op, const ActCase& act) {
  ASSERT_NE(op, nullptr);
  EXPECT_EQ(op->GetAttr<std::string>("act_type"), act.type);
  for (const auto& [name, value] : act.attrs) {
    EXPECT_EQ(op->GetAttr<float>("act_" + name), value) << name;
  }
  for (const auto& [name, value] : act.flags) {
    EXPECT_EQ(op->GetAttrType("act_" + name), cpp::AttrType::BOOLEAN) << name;
    EXPECT_EQ(op->GetAttr<bool>("act_" + name), value) << name;
  }
}

// feed x [-1, 6, 5, 3] -> <ew>(x, w [6] at axis 1) -> <act> -> fetch
Builder EwActProgram(const std::string& ew, const ActCase& act) {
  Builder b({-1, 6, 5, 3});
  b.AddVar("w", cpp::VarKind::kLodTensor, {6}, true);
  b.Op(ew, {{"X", "x"}, {"Y", "w"}}, {{"Out", "sum"}}).SetAttr<int32_t>("axis", 1);
  AddActivation(&b, act, "sum", "y");
  return b;
}

Weights EwWeights() {
  std::vector<float> w = RandomVector(6, 0.5f, 2.f, 77);
  for (size_t i = 0; i < w.size(); i += 2) w[i] = -w[i];  // away from 0: div stays tame
  return {{"w", {DDim({6}), w}}};
}

TEST(ElementwiseActivationFuse, EveryActivationFoldsIntoEveryElementwiseOp) {
  for (const char* ew : {"elementwise_add", "elementwise_sub", "elementwise_mul",
                         "elementwise_div"}) {
    for (const ActCase& act : kActs) {
      SCOPED_TRACE(StrCat(ew, " + ", act.type));
      Builder b = EwActProgram(ew, act);
      b.Fetch("y", 0);
      auto reference = Optimize(b.program(), kHostOnly, false, EwWeights());
      for (bool x86 : {false, true}) {
        for (int threads : {1, 2}) {
          auto fused = Optimize(b.program(), PlacesOnThisCpu(x86), true, EwWeights(), threads);
          EXPECT_EQ(fused->OpTypes(), (std::vector<std::string>{"feed", ew, "fetch"}));
          ExpectFusedActivation(fused->FindOp(ew), act);
          auto nb = NbRoundTrip(*fused);
          ExpectFusedActivation(nb->FindOp(ew), act);
          for (int64_t n : {1, 2}) {
            const DDim d({n, 6, 5, 3});
            const auto x = RandomVector(d.production(), -4.f, 4.f, static_cast<uint32_t>(n));
            const auto expected = reference->Run(d, x);
            // The same formulas; x86 may vectorize exp differently.
            ExpectAllNear(fused->Run(d, x), expected, 1e-6f, 2e-6f);
            ExpectAllNear(nb->Run(d, x), expected, 1e-6f, 2e-6f);
          }
        }
      }
    }
  }
}

// The ResNet shape: the sum of two activations, then relu.
TEST(ElementwiseActivationFuse, ResidualAddThenReluFuses) {
  Builder b({-1, 4, 3, 3});
  b.Op("relu6", {{"X", "x"}}, {{"Out", "branch"}}).SetAttr<float>("threshold", 0.5f);
  b.Op("elementwise_add", {{"X", "branch"}, {"Y", "x"}}, {{"Out", "sum"}})
      .SetAttr<int32_t>("axis", -1);
  b.Op("relu", {{"X", "sum"}}, {{"Out", "y"}});
  b.Fetch("y", 0);
  auto reference = Optimize(b.program(), kHostOnly, false);
  auto fused = Optimize(b.program(), PlacesOnThisCpu(true), true);
  EXPECT_EQ(fused->OpTypes(),
            (std::vector<std::string>{"feed", "relu6", "elementwise_add", "fetch"}));
  const DDim d({2, 4, 3, 3});
  const auto x = RandomVector(d.production(), -2.f, 2.f, 3);
  const auto expected = reference->Run(d, x);
  EXPECT_EQ(fused->Run(d, x), expected);
  for (size_t i = 0; i < x.size(); ++i) {  // independently: relu(min(max(x, 0), 0.5) + x)
    EXPECT_EQ(expected[i], std::max(std::min(std::max(x[i], 0.f), 0.5f) + x[i], 0.f));
  }
}

TEST(ElementwiseActivationFuse, OutputsWithOtherReadersStayUnfused) {
  // The sum is fetched too.
  Builder b = EwActProgram("elementwise_add", kActs[0]);
  b.Fetch("y", 0);
  b.Fetch("sum", 1);
  auto fused = Optimize(b.program(), kHostOnly, true, EwWeights());
  EXPECT_EQ(fused->OpTypes(),
            (std::vector<std::string>{"feed", "elementwise_add", "relu", "fetch", "fetch"}));
  EXPECT_FALSE(fused->FindOp("elementwise_add")->HasAttr("act_type"));
  auto reference = Optimize(b.program(), kHostOnly, false, EwWeights());
  const DDim d({1, 6, 5, 3});
  const auto x = RandomVector(d.production(), -4.f, 4.f, 9);
  for (int col : {0, 1}) EXPECT_EQ(fused->Run(d, x, col), reference->Run(d, x, col));

  // The sum feeds a second activation.
  Builder c = EwActProgram("elementwise_mul", kActs[1]);
  c.Op("sigmoid", {{"X", "sum"}}, {{"Out", "z"}});
  c.Fetch("y", 0);
  c.Fetch("z", 1);
  auto fused_c = Optimize(c.program(), kHostOnly, true, EwWeights());
  EXPECT_FALSE(fused_c->FindOp("elementwise_mul")->HasAttr("act_type"));
  EXPECT_NE(fused_c->FindOp("relu6"), nullptr);
  EXPECT_NE(fused_c->FindOp("sigmoid"), nullptr);
}

TEST(ElementwiseActivationFuse, NonActivationReadersAndFusedOpsStayAsTheyAre) {
  Builder b({-1, 6, 5, 3});
  b.AddVar("w", cpp::VarKind::kLodTensor, {6}, true);
  b.Op("elementwise_add", {{"X", "x"}, {"Y", "w"}}, {{"Out", "sum"}}).SetAttr<int32_t>("axis", 1);
  b.Op("softmax", {{"X", "sum"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", -1);
  b.Fetch("y", 0);
  auto fused = Optimize(b.program(), kHostOnly, true, EwWeights());
  EXPECT_NE(fused->FindOp("softmax"), nullptr);
  EXPECT_FALSE(fused->FindOp("elementwise_add")->HasAttr("act_type"));

  // An elementwise op that already has an activation keeps it and the next one stays.
  Builder c = EwActProgram("elementwise_add", kActs[0]);
  c.Fetch("y", 0);
  auto program = c.program();
  program.blocks[0].ops[1].SetAttr<std::string>("act_type", "sigmoid");
  auto fused_c = Optimize(program, kHostOnly, true, EwWeights());
  EXPECT_EQ(fused_c->FindOp("elementwise_add")->GetAttr<std::string>("act_type"), "sigmoid");
  EXPECT_NE(fused_c->FindOp("relu"), nullptr);
}

TEST(ElementwiseActivationFuse, ConvAndFcFusionsStillGetTheirAdds) {
  // mul + elementwise_add(bias) + relu: fc takes the add and then the relu.
  Builder b({-1, 6});
  b.AddVar("fc_w", cpp::VarKind::kLodTensor, {6, 4}, true);
  b.AddVar("fc_b", cpp::VarKind::kLodTensor, {4}, true);
  b.Op("mul", {{"X", "x"}, {"Y", "fc_w"}}, {{"Out", "prod"}}).SetAttr<int32_t>("x_num_col_dims", 1);
  b.Op("elementwise_add", {{"X", "prod"}, {"Y", "fc_b"}}, {{"Out", "sum"}})
      .SetAttr<int32_t>("axis", 1);
  b.Op("relu", {{"X", "sum"}}, {{"Out", "y"}});
  b.Fetch("y", 0);
  const Weights w = {{"fc_w", {DDim({6, 4}), RandomVector(24, -1.f, 1.f, 1)}},
                     {"fc_b", {DDim({4}), RandomVector(4, -1.f, 1.f, 2)}}};
  auto fused = Optimize(b.program(), kHostOnly, true, w);
  EXPECT_EQ(fused->FindOp("elementwise_add"), nullptr);
  EXPECT_NE(fused->FindOp("fc"), nullptr);
  EXPECT_EQ(fused->FindOp("relu"), nullptr);
  auto reference = Optimize(b.program(), kHostOnly, false, w);
  const DDim d({3, 6});
  const auto x = RandomVector(d.production(), -1.f, 1.f, 4);
  ExpectAllNear(fused->Run(d, x), reference->Run(d, x), 1e-5f, 1e-5f);
}

// ---------------------------------------------------------------- conv / fc + activation

// A conv of each x86 path: few input channels (the direct small-channel convolution), a
// 1x1 one (a GEMM on the input), a 3x3 one with enough channels (im2col + GEMM), and a
// depthwise one; each followed by an activation. The optimizer may move the convolutions to
// NCHW16c on x86 (the blocked kernels' epilogues).
struct ConvCase {
  std::string type;
  int64_t in_c, out_c, k;
};
const std::vector<ConvCase> kConvs = {{"conv2d", 3, 8, 3},
                                      {"conv2d", 8, 16, 1},
                                      {"conv2d", 16, 24, 3},
                                      {"depthwise_conv2d", 8, 8, 3}};

Builder ConvActProgram(const ConvCase& c, const ActCase& act) {
  Builder b({-1, c.in_c, 7, 6});
  const int64_t per_group = c.type == "depthwise_conv2d" ? 1 : c.in_c;
  b.AddVar("filter", cpp::VarKind::kLodTensor, {c.out_c, per_group, c.k, c.k}, true);
  auto& conv = b.Op(c.type, {{"Input", "x"}, {"Filter", "filter"}}, {{"Output", "conv"}});
  const int pad = static_cast<int>(c.k / 2);
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {pad, pad});
  conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  conv.SetAttr<int32_t>("groups", c.type == "depthwise_conv2d" ? static_cast<int32_t>(c.in_c) : 1);
  AddActivation(&b, act, "conv", "y");
  b.Fetch("y", 0);
  return b;
}

Weights ConvWeights(const ConvCase& c) {
  const int64_t per_group = c.type == "depthwise_conv2d" ? 1 : c.in_c;
  const DDim d({c.out_c, per_group, c.k, c.k});
  // Sums of |x| <= 1 times |w| <= 1 / sqrt(fan-in): the activations' inputs stay within a
  // few units, where every kind bends.
  const float w = 1.f / std::sqrt(static_cast<float>(per_group * c.k * c.k));
  return {{"filter", {d, RandomVector(d.production(), -w, w, 31)}}};
}

TEST(ConvActivationFuse, EveryActivationFoldsIntoEveryConvAndComputesTheUnfusedResult) {
  for (const ConvCase& c : kConvs) {
    for (const ActCase& act : kActs) {
      SCOPED_TRACE(StrCat(c.type, " ", c.in_c, "->", c.out_c, " k", c.k, " + ", act.type));
      const Builder b = ConvActProgram(c, act);
      auto reference = Optimize(b.program(), kHostOnly, false, ConvWeights(c));
      for (bool x86 : {false, true}) {
        for (int threads : {1, 2}) {
          auto fused = Optimize(b.program(), PlacesOnThisCpu(x86), true, ConvWeights(c), threads);
          EXPECT_EQ(fused->FindOp(act.type), nullptr);
          std::vector<const cpp::OpDesc*> convs = fused->Ops(c.type);
          ASSERT_EQ(convs.size(), 1u);
          ExpectFusedActivation(convs[0], act);
          auto nb = NbRoundTrip(*fused);
          for (int64_t n : {1, 2}) {
            const DDim d({n, c.in_c, 7, 6});
            const auto x = RandomVector(d.production(), -1.f, 1.f, static_cast<uint32_t>(n));
            const auto expected = reference->Run(d, x);
            // The convolution sums in another order (1e-5); exp turns that into a relative
            // error.
            ExpectAllNear(fused->Run(d, x), expected, 1e-5f, 2e-5f);
            ExpectAllNear(nb->Run(d, x), expected, 1e-5f, 2e-5f);
          }
        }
      }
    }
  }
}

// ---------------------------------------------------------------- conv2d_transpose chains

// feed x [-1, 6, 5, 4] -> conv2d_transpose (groups 2, 6 -> 4 channels, k3 s2 p1, or the
// depthwise form) -> batch_norm -> elementwise_add(b [4] at axis 1) -> <act> -> fetch: the
// decoder chain of segmentation and text-detection heads; with `bias_first` the add comes
// before the batch_norm (a transposed conv exported with its bias, as in DB heads).
Builder TransposeChainProgram(const std::string& type, const ActCase& act, bool bias_first) {
  const bool depthwise = type == "depthwise_conv2d_transpose";
  const int64_t out_c = depthwise ? 6 : 4;
  Builder b({-1, 6, 5, 4});
  b.AddVar("filter", cpp::VarKind::kLodTensor, {6, depthwise ? 1 : 2, 3, 3}, true);
  for (const char* v : {"scale", "shift", "mean", "var", "b"}) {
    b.AddVar(v, cpp::VarKind::kLodTensor, {out_c}, true);
  }
  auto& conv = b.Op(type, {{"Input", "x"}, {"Filter", "filter"}}, {{"Output", "up"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {2, 2});
  conv.SetAttr<std::vector<int32_t>>("paddings", {1, 1});
  conv.SetAttr<int32_t>("groups", depthwise ? 6 : 2);
  const std::string bn_in = bias_first ? "sum" : "up";
  const std::string add_in = bias_first ? "up" : "bn";
  auto add_bias = [&] {
    b.Op("elementwise_add", {{"X", add_in}, {"Y", "b"}}, {{"Out", "sum"}})
        .SetAttr<int32_t>("axis", 1);
  };
  if (bias_first) add_bias();
  b.Op("batch_norm",
       {{"X", bn_in}, {"Scale", "scale"}, {"Bias", "shift"}, {"Mean", "mean"}, {"Variance", "var"}},
       {{"Y", "bn"}, {"MeanOut", "mean"}, {"VarianceOut", "var"}, {"SavedMean", "saved_mean"},
        {"SavedVariance", "saved_var"}})
      .SetAttr<float>("epsilon", 1e-3f);
  if (!bias_first) add_bias();
  AddActivation(&b, act, bias_first ? "bn" : "sum", "y");
  b.Fetch("y", 0);
  return b;
}

Weights TransposeChainWeights(const std::string& type) {
  const bool depthwise = type == "depthwise_conv2d_transpose";
  const int64_t out_c = depthwise ? 6 : 4;
  const DDim f({6, depthwise ? 1 : 2, 3, 3});
  return {{"filter", {f, RandomVector(f.production(), -0.5f, 0.5f, 41)}},
          {"scale", {DDim({out_c}), RandomVector(out_c, 0.5f, 1.5f, 42)}},
          {"shift", {DDim({out_c}), RandomVector(out_c, -0.5f, 0.5f, 43)}},
          {"mean", {DDim({out_c}), RandomVector(out_c, -0.5f, 0.5f, 44)}},
          {"var", {DDim({out_c}), RandomVector(out_c, 0.5f, 2.f, 45)}},
          {"b", {DDim({out_c}), RandomVector(out_c, -0.5f, 0.5f, 46)}}};
}

TEST(ConvTransposeFuse, BatchNormBiasAndActivationFoldAndComputeTheUnfusedResult) {
  for (const std::string type : {"conv2d_transpose", "depthwise_conv2d_transpose"}) {
    for (const ActCase& act : {kActs[0], kActs[1], kActs[3], kActs[6]}) {
      for (bool bias_first : {false, true}) {
        SCOPED_TRACE(StrCat(type, " + ", act.type, " bias_first=", bias_first));
        const Builder b = TransposeChainProgram(type, act, bias_first);
        auto reference = Optimize(b.program(), kHostOnly, false, TransposeChainWeights(type));
        EXPECT_NE(reference->FindOp("batch_norm"), nullptr);
        for (bool x86 : {false, true}) {
          for (int threads : {1, 2}) {
            auto fused = Optimize(b.program(), PlacesOnThisCpu(x86), true,
                                  TransposeChainWeights(type), threads);
            EXPECT_EQ(fused->OpTypes(), (std::vector<std::string>{"feed", type, "fetch"}));
            ExpectFusedActivation(fused->FindOp(type), act);
            auto nb = NbRoundTrip(*fused);
            for (int64_t n : {1, 2}) {
              const DDim d({n, 6, 5, 4});
              const auto x = RandomVector(d.production(), -1.f, 1.f, static_cast<uint32_t>(n));
              const auto expected = reference->Run(d, x);
              ExpectAllNear(fused->Run(d, x), expected, 1e-5f, 2e-5f);
              ExpectAllNear(nb->Run(d, x), expected, 1e-5f, 2e-5f);
            }
          }
        }
      }
    }
  }
}

// ---------------------------------------------------------------- matmul_v2 -> fc

// feed x [-1, 7, 12] -> matmul_v2(x, w [12, 9], trans_y) -> elementwise_add(b [9]) -> <act>
// -> fetch: a transformer block's linear layer (SVTR's); with trans_y the weight is [9, 12].
Builder LinearProgram(const ActCase& act, bool trans_y) {
  Builder b({-1, 7, 12});
  b.AddVar("w", cpp::VarKind::kLodTensor,
           trans_y ? std::vector<int64_t>{9, 12} : std::vector<int64_t>{12, 9}, true);
  b.AddVar("b", cpp::VarKind::kLodTensor, {9}, true);
  b.Op("matmul_v2", {{"X", "x"}, {"Y", "w"}}, {{"Out", "prod"}}).SetAttr<bool>("trans_y", trans_y);
  b.Op("elementwise_add", {{"X", "prod"}, {"Y", "b"}}, {{"Out", "sum"}})
      .SetAttr<int32_t>("axis", -1);
  AddActivation(&b, act, "sum", "y");
  b.Fetch("y", 0);
  return b;
}

TEST(FcFuse, MatmulV2OfA3DInputAndBiasAndActivationBecomeOneFc) {
  for (bool trans_y : {false, true}) {
    for (const ActCase& act : {kActs[6], kActs[8], kActs[9], kActs[7]}) {  // swish, gelu x2, tanh
      SCOPED_TRACE(StrCat(act.type, " trans_y=", trans_y));
      const Builder b = LinearProgram(act, trans_y);
      const DDim wd = trans_y ? DDim({9, 12}) : DDim({12, 9});
      const Weights w = {{"w", {wd, RandomVector(108, -0.4f, 0.4f, 51)}},
                         {"b", {DDim({9}), RandomVector(9, -0.5f, 0.5f, 52)}}};
      auto reference = Optimize(b.program(), kHostOnly, false, w);
      for (bool x86 : {false, true}) {
        auto fused = Optimize(b.program(), PlacesOnThisCpu(x86), true, w);
        if (trans_y) {  // a transposed weight stays a matmul_v2 (fc reads W as [K, N])
          EXPECT_NE(fused->FindOp("matmul_v2"), nullptr);
        } else {
          EXPECT_EQ(fused->OpTypes(), (std::vector<std::string>{"feed", "fc", "fetch"}));
          ExpectFusedActivation(fused->FindOp("fc"), act);
        }
        for (int64_t n : {1, 3}) {
          const DDim d({n, 7, 12});
          const auto x = RandomVector(d.production(), -1.f, 1.f, static_cast<uint32_t>(n));
          ExpectAllNear(fused->Run(d, x), reference->Run(d, x), 1e-5f, 2e-5f);
          ExpectAllNear(NbRoundTrip(*fused)->Run(d, x), reference->Run(d, x), 1e-5f, 2e-5f);
        }
      }
    }
  }
}

TEST(FcActivationFuse, EveryActivationFoldsIntoFcAndComputesTheUnfusedResult) {
  const Weights w = {{"fc_w", {DDim({6, 5}), RandomVector(30, -0.5f, 0.5f, 1)}},
                     {"fc_b", {DDim({5}), RandomVector(5, -1.f, 1.f, 2)}}};
  for (const ActCase& act : kActs) {
    SCOPED_TRACE(act.type);
    Builder b({-1, 6});
    b.AddVar("fc_w", cpp::VarKind::kLodTensor, {6, 5}, true);
    b.AddVar("fc_b", cpp::VarKind::kLodTensor, {5}, true);
    b.Op("mul", {{"X", "x"}, {"Y", "fc_w"}}, {{"Out", "prod"}})
        .SetAttr<int32_t>("x_num_col_dims", 1);
    b.Op("elementwise_add", {{"X", "prod"}, {"Y", "fc_b"}}, {{"Out", "sum"}})
        .SetAttr<int32_t>("axis", 1);
    AddActivation(&b, act, "sum", "y");
    b.Fetch("y", 0);
    auto reference = Optimize(b.program(), kHostOnly, false, w);
    for (bool x86 : {false, true}) {
      auto fused = Optimize(b.program(), PlacesOnThisCpu(x86), true, w);
      EXPECT_EQ(fused->OpTypes(), (std::vector<std::string>{"feed", "fc", "fetch"}));
      ExpectFusedActivation(fused->FindOp("fc"), act);
      auto nb = NbRoundTrip(*fused);
      for (int64_t m : {1, 9}) {  // the few-row and the GEMM paths
        const DDim d({m, 6});
        const auto x = RandomVector(d.production(), -2.f, 2.f, static_cast<uint32_t>(m));
        const auto expected = reference->Run(d, x);
        ExpectAllNear(fused->Run(d, x), expected, 1e-5f, 2e-5f);
        ExpectAllNear(nb->Run(d, x), expected, 1e-5f, 2e-5f);
      }
    }
  }
}

// A fused activation read from a model: an unsupported kind, or a parameter out of its
// domain, is an error at load naming the op and the attribute.
TEST(ActivationFuse, BadFusedActivationsAreErrorsAtLoad) {
  Builder b = ConvActProgram(kConvs[0], kActs[0]);
  cpp::ProgramDesc unsupported = b.program();
  unsupported.blocks[0].ops[1].SetAttr<std::string>("act_type", "softplus");
  ExpectErrorContaining([&] { Optimize(unsupported, kHostOnly, false, ConvWeights(kConvs[0])); },
                        "unsupported activation 'softplus' in attribute 'act_type'");
  cpp::ProgramDesc bad_beta = b.program();
  bad_beta.blocks[0].ops[1].SetAttr<std::string>("act_type", "swish");
  bad_beta.blocks[0].ops[1].SetAttr<float>("act_beta", std::nanf(""));
  ExpectErrorContaining([&] { Optimize(bad_beta, kHostOnly, false, ConvWeights(kConvs[0])); },
                        "op 'conv2d': attribute 'act_beta'");
}

// softplus and mish (like log) have no x86 vector form: after a conv they stay standalone
// host ops, whichever places are valid, and compute what the unfused program computes.
TEST(ActivationFuse, HostOnlyActivationsStayUnfused) {
  const std::vector<ActCase> acts = {{"softplus", {{"beta", 2.f}, {"threshold", 1.f}}, {}},
                                     {"mish", {}, {}}};
  const ConvCase& c = kConvs[0];
  for (const ActCase& act : acts) {
    SCOPED_TRACE(act.type);
    const Builder b = ConvActProgram(c, act);
    auto reference = Optimize(b.program(), kHostOnly, false, ConvWeights(c));
    for (bool x86 : {false, true}) {
      auto fused = Optimize(b.program(), PlacesOnThisCpu(x86), true, ConvWeights(c));
      EXPECT_NE(fused->FindOp(act.type), nullptr);
      const std::vector<const cpp::OpDesc*> convs = fused->Ops(c.type);
      ASSERT_EQ(convs.size(), 1u);
      EXPECT_FALSE(convs[0]->HasAttr("act_type"));
      const DDim d({2, c.in_c, 7, 6});
      const auto x = RandomVector(d.production(), -1.f, 1.f, 3);
      ExpectAllNear(fused->Run(d, x), reference->Run(d, x), 1e-5f, 2e-5f);
    }
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
