// blocked_layout_pass with the x86 NCHW16c kernels (their registrations say where they
// apply) on small built programs: which ops move to the NCHW16c kernels, where the layout
// casts go, what stays NCHW (channels off the 16-channel blocks, lone convolutions,
// unknown shapes, the option off, host-only places), and that every
// program computes what the host kernels compute on the same program (1 and 2 threads,
// batch 1 and 2, after a .nb round trip).
//
// Tolerance: convolutions of at most 288 products summed in another order, with weights
// scaled by the fan-in so values stay of order 1 through the layers: 1e-4 absolute + 1e-4
// relative. A layout bug moves values between channels or pixels: off by O(0.1).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/core/program.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

class X86BlockedLayoutPass : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!lite::x86::CpuHasAvx2Fma()) GTEST_SKIP() << "CPU lacks AVX2+FMA: no x86 kernels";
  }
};

// conv2d `in` -> `out` with filter `w` [out_c, in_c / groups, k, k] (added to `weights`).
void AddConv(Builder* b, Weights* weights, const std::string& type, const std::string& in,
             const std::string& out, int64_t in_c, int64_t out_c, int k, int stride, int pad,
             const std::vector<int64_t>& out_dims, int groups = 1) {
  const std::string w = out + "_w";
  const DDim dims({out_c, in_c / groups, k, k});
  // Scaled by the fan-in so values stay of order 1 through a chain of layers.
  const float scale = 1.f / std::sqrt(static_cast<float>(in_c / groups * k * k));
  std::vector<float> values = RandomVector(dims.production(), -scale, scale,
                                           static_cast<uint32_t>(weights->size() + 7));
  (*weights)[w] = {dims, values};
  b->AddVar(w, cpp::VarKind::kLodTensor, dims.Vectorize(), true);
  cpp::OpDesc& op = b->Op(type, {{"Input", in}, {"Filter", w}}, {{"Output", out}},
                          {{out, out_dims}});
  op.SetAttr<std::vector<int32_t>>("strides", {stride, stride});
  op.SetAttr<std::vector<int32_t>>("paddings", {pad, pad});
  op.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  op.SetAttr<int32_t>("groups", groups);
}

void AddPool(Builder* b, const std::string& type, const std::string& in, const std::string& out,
             const std::vector<int64_t>& out_dims) {
  cpp::OpDesc& op = b->Op("pool2d", {{"X", in}}, {{"Out", out}}, {{out, out_dims}});
  op.SetAttr<std::string>("pooling_type", type);
  op.SetAttr<std::vector<int32_t>>("ksize", {2, 2});
  op.SetAttr<std::vector<int32_t>>("strides", {2, 2});
  op.SetAttr<std::vector<int32_t>>("paddings", {0, 0});
}

// A MobileNet-like chain in which every op can run blocked but the last convolution (20
// output channels: 32 lanes would be 1.6x).
//   x [-1,3,16,16] -> conv 3x3 s2 (16) -> relu -> depthwise 3x3 -> conv 1x1 (32) -> relu6
//   -> conv 1x1 (16) -> add (the first relu's output) -> max pool, avg pool -> concat (32)
//   -> conv 1x1 (20) -> flatten -> fetch
Builder ChainProgram(Weights* weights) {
  Builder b({-1, 3, 16, 16});
  AddConv(&b, weights, "conv2d", "x", "c0", 3, 16, 3, 2, 1, {-1, 16, 8, 8});
  b.Op("relu", {{"X", "c0"}}, {{"Out", "r0"}}, {{"r0", {-1, 16, 8, 8}}});
  AddConv(&b, weights, "depthwise_conv2d", "r0", "d1", 16, 16, 3, 1, 1, {-1, 16, 8, 8}, 16);
  AddConv(&b, weights, "conv2d", "d1", "p2", 16, 32, 1, 1, 0, {-1, 32, 8, 8});
  b.Op("relu6", {{"X", "p2"}}, {{"Out", "r2"}}, {{"r2", {-1, 32, 8, 8}}})
      .SetAttr<float>("threshold", 1.5f);
  AddConv(&b, weights, "conv2d", "r2", "p3", 32, 16, 1, 1, 0, {-1, 16, 8, 8});
  b.Op("elementwise_add", {{"X", "p3"}, {"Y", "r0"}}, {{"Out", "a4"}}, {{"a4", {-1, 16, 8, 8}}})
      .SetAttr<int32_t>("axis", -1);
  AddPool(&b, "max", "a4", "m5", {-1, 16, 4, 4});
  AddPool(&b, "avg", "a4", "v5", {-1, 16, 4, 4});
  cpp::OpDesc& cat = b.Op("concat", {{"X", "m5"}}, {{"Out", "k6"}}, {{"k6", {-1, 32, 4, 4}}});
  cat.SetInput("X", {"m5", "v5"});
  cat.SetAttr<int32_t>("axis", 1);
  AddConv(&b, weights, "conv2d", "k6", "o7", 32, 20, 1, 1, 0, {-1, 20, 4, 4});
  cpp::OpDesc& flat = b.Op("flatten_contiguous_range", {{"X", "o7"}},
                           {{"Out", "f8"}, {"XShape", "f8_xshape"}});
  flat.SetAttr<int32_t>("start_axis", 1);
  flat.SetAttr<int32_t>("stop_axis", -1);
  b.Fetch("f8", 0);
  return b;
}

// The kernel picked for each op ("target/layout/alias"), by the name of the op's output
// (memory_optimize off, so names stay; a cast writes "<value>/to_<layout>").
std::map<std::string, std::string> Picks(const Optimized& o) {
  std::map<std::string, std::string> picks;
  for (const auto& op : o.program.blocks[0].ops) {
    if (op.Type() == "feed" || op.Type() == "fetch") continue;
    // The key is "op,target,precision,layout,alias".
    std::vector<std::string> key;
    std::stringstream fields(op.GetAttr<std::string>(kKernelKeyAttr));
    for (std::string f; std::getline(fields, f, ',');) key.push_back(f);
    const std::string out = op.Output(op.Type() == "conv2d" || op.Type() == "depthwise_conv2d"
                                          ? "Output"
                                          : "Out")[0];
    picks[out] = key.at(1) + "/" + key.at(3) + "/" + key.at(4);
  }
  return picks;
}

int Count(const Optimized& o, const std::string& type) {
  return static_cast<int>(o.Ops(type).size());
}

OptimizerOptions Options(bool fuse, bool blocked, bool memory_optimize = true) {
  OptimizerOptions options;
  options.fuse = fuse;
  options.blocked_layout = blocked;
  options.memory_optimize = memory_optimize;
  return options;
}

// Runs `b` optimized with `options` on x86 at 1 and 2 threads and after a .nb round trip,
// against the host kernels on the unfused program, for batch 1 and 2 (`fetches` outputs).
void ExpectSameAsHost(const Builder& b, const Weights& weights, const OptimizerOptions& options,
                      int fetches = 1) {
  auto reference = Optimize(b.program(), kHostOnly, Options(false, false), weights);
  for (int threads : {1, 2}) {
    auto x86 = Optimize(b.program(), kX86Host, options, weights, threads);
    auto nb = NbRoundTrip(*x86);
    for (int64_t n : {1, 2}) {
      std::vector<int64_t> dims = b.program().blocks[0].FindVar("x")->shape;
      dims[0] = n;
      const DDim d(dims);
      const auto x = RandomVector(d.production(), -1.f, 1.f, static_cast<uint32_t>(n + threads));
      for (int col = 0; col < fetches; ++col) {
        SCOPED_TRACE(StrCat("threads=", threads, " n=", n, " fetch ", col));
        const auto expected = reference->Run(d, x, col);
        ExpectAllNear(x86->Run(d, x, col), expected, 1e-4f, 1e-4f);
        ExpectAllNear(nb->Run(d, x, col), expected, 1e-4f, 1e-4f);
      }
    }
  }
}

TEST_F(X86BlockedLayoutPass, ChainRunsBlockedWithOneCastAtItsEnd) {
  Weights weights;
  const Builder b = ChainProgram(&weights);
  auto o = Optimize(b.program(), kX86Host, Options(false, true, false), weights);
  const std::map<std::string, std::string> expected = {
      {"c0", "x86/NCHW16c/nchw_in"}, {"r0", "x86/NCHW16c/def"}, {"d1", "x86/NCHW16c/def"},
      {"p2", "x86/NCHW16c/def"},     {"r2", "x86/NCHW16c/def"}, {"p3", "x86/NCHW16c/def"},
      {"a4", "x86/NCHW16c/def"},     {"m5", "x86/NCHW16c/def"}, {"v5", "x86/NCHW16c/def"},
      {"k6", "x86/NCHW16c/def"},     {"k6/to_NCHW", "x86/NCHW/nchw16c_to_nchw"},
      {"o7", "x86/NCHW/def"},        {"f8", "host/any/def"}};
  EXPECT_EQ(Picks(*o), expected);
  ExpectSameAsHost(b, weights, Options(false, true));
  ExpectSameAsHost(b, weights, Options(true, true));
}

TEST_F(X86BlockedLayoutPass, OptionOffOrHostOnlyKeepsNchw) {
  Weights weights;
  const Builder b = ChainProgram(&weights);
  // Option off on x86; option on with host places only.
  for (const auto& [places, blocked] : {std::make_pair(kX86Host, false),
                                        std::make_pair(kHostOnly, true)}) {
    auto o = Optimize(b.program(), places, Options(false, blocked), weights);
    for (const auto& [out, kernel] : Picks(*o)) {
      EXPECT_EQ(kernel.find("NCHW16c"), std::string::npos) << out << " " << kernel;
    }
    EXPECT_EQ(Count(*o, "layout"), 0);
  }
  ExpectSameAsHost(b, weights, Options(false, false));
}

// A pointwise convolution between NCHW ops would only add two casts; a first convolution
// whose reader stays NCHW one.
TEST_F(X86BlockedLayoutPass, LoneConvolutionsStayNchw) {
  Weights weights;
  Builder b({-1, 16, 6, 6});
  AddConv(&b, &weights, "conv2d", "x", "p", 16, 32, 1, 1, 0, {-1, 32, 6, 6});
  b.Op("softmax", {{"X", "p"}}, {{"Out", "s"}}).SetAttr<int32_t>("axis", 1);
  AddConv(&b, &weights, "conv2d", "s", "q", 32, 32, 3, 1, 1, {-1, 32, 6, 6});
  b.Fetch("q", 0);
  Builder first({-1, 3, 8, 8});
  AddConv(&first, &weights, "conv2d", "x", "c", 3, 16, 3, 1, 1, {-1, 16, 8, 8});
  first.Op("softmax", {{"X", "c"}}, {{"Out", "s"}}).SetAttr<int32_t>("axis", 1);
  first.Fetch("s", 0);
  for (const Builder* program : {&b, &first}) {
    auto o = Optimize(program->program(), kX86Host, Options(false, true), weights);
    for (const auto& [out, kernel] : Picks(*o)) {
      EXPECT_EQ(kernel.find("NCHW16c"), std::string::npos) << out << " " << kernel;
    }
    EXPECT_EQ(Count(*o, "layout"), 0);
    ExpectSameAsHost(*program, weights, Options(false, true));
  }
}

// Next to a region that pays (6 blocked ops, 3 casts): 8 channels (padding would double
// them), a 3x3 convolution on a 6x6 plane (4 Winograd tiles) and an add of a value whose shape the program does not
// declare stay NCHW, with one cast per value crossing the region's border.
TEST_F(X86BlockedLayoutPass, UnsupportedNeighboursGetCasts) {
  Weights weights;
  Builder b({-1, 16, 6, 6});
  AddConv(&b, &weights, "conv2d", "x", "p", 16, 32, 1, 1, 0, {-1, 32, 6, 6});
  AddConv(&b, &weights, "conv2d", "p", "q", 32, 32, 1, 1, 0, {-1, 32, 6, 6});
  AddConv(&b, &weights, "conv2d", "q", "q2", 32, 32, 1, 1, 0, {-1, 32, 6, 6});
  AddConv(&b, &weights, "conv2d", "q2", "q3", 32, 32, 1, 1, 0, {-1, 32, 6, 6});
  AddConv(&b, &weights, "conv2d", "q3", "r", 32, 32, 1, 1, 0, {-1, 32, 6, 6});
  AddConv(&b, &weights, "conv2d", "r", "t", 32, 32, 3, 1, 1, {-1, 32, 6, 6});  // 3x3
  AddConv(&b, &weights, "conv2d", "r", "u", 32, 32, 1, 1, 0, {});  // shape not declared
  AddConv(&b, &weights, "conv2d", "r", "v", 32, 8, 1, 1, 0, {-1, 8, 6, 6});  // 8 -> 16 lanes
  b.Op("elementwise_add", {{"X", "u"}, {"Y", "r"}}, {{"Out", "a"}}).SetAttr<int32_t>("axis", -1);
  b.Op("elementwise_add", {{"X", "a"}, {"Y", "t"}}, {{"Out", "y"}}).SetAttr<int32_t>("axis", -1);
  b.Fetch("y", 0);
  b.Fetch("v", 1);
  auto o = Optimize(b.program(), kX86Host, Options(false, true, false), weights);
  // x into the region; r out of it once (for the 3x3 conv, the add and the 8-channel
  // conv), u out of it.
  const std::map<std::string, std::string> expected = {
      {"x/to_NCHW16c", "x86/NCHW16c/nchw_to_nchw16c"},
      {"p", "x86/NCHW16c/def"},
      {"q", "x86/NCHW16c/def"},
      {"q2", "x86/NCHW16c/def"},
      {"q3", "x86/NCHW16c/def"},
      {"r", "x86/NCHW16c/def"},
      {"r/to_NCHW", "x86/NCHW/nchw16c_to_nchw"},
      {"t", "x86/NCHW/def"},
      {"u", "x86/NCHW16c/def"},
      {"u/to_NCHW", "x86/NCHW/nchw16c_to_nchw"},
      {"v", "x86/NCHW/def"},
      {"a", "x86/NCHW/def"},
      {"y", "x86/NCHW/def"}};
  EXPECT_EQ(Picks(*o), expected);
  ExpectSameAsHost(b, weights, Options(false, true), 2);
}

// Channels off the blocks that pad well (24 -> 32 lanes, 56 -> 64) run blocked; a division
// of padded values and a concat with a padded input before the last stay NCHW.
TEST_F(X86BlockedLayoutPass, PaddedChannelsRunBlocked) {
  Weights weights;
  Builder b({-1, 32, 8, 8});
  AddConv(&b, &weights, "conv2d", "x", "p", 32, 24, 1, 1, 0, {-1, 24, 8, 8});
  AddConv(&b, &weights, "conv2d", "p", "q", 24, 24, 1, 1, 0, {-1, 24, 8, 8});
  AddConv(&b, &weights, "conv2d", "q", "r", 24, 32, 1, 1, 0, {-1, 32, 8, 8});
  b.Op("elementwise_add", {{"X", "p"}, {"Y", "q"}}, {{"Out", "a"}}, {{"a", {-1, 24, 8, 8}}})
      .SetAttr<int32_t>("axis", -1);
  // A divisor in [0.5, 1): the division stays well conditioned.
  b.Op("relu", {{"X", "q"}}, {{"Out", "qr"}}, {{"qr", {-1, 24, 8, 8}}});
  b.Op("sigmoid", {{"X", "qr"}}, {{"Out", "qs"}}, {{"qs", {-1, 24, 8, 8}}});
  b.Op("elementwise_div", {{"X", "p"}, {"Y", "qs"}}, {{"Out", "d"}}, {{"d", {-1, 24, 8, 8}}})
      .SetAttr<int32_t>("axis", -1);
  cpp::OpDesc& last = b.Op("concat", {{"X", "r"}}, {{"Out", "k"}}, {{"k", {-1, 56, 8, 8}}});
  last.SetInput("X", {"r", "a"});
  last.SetAttr<int32_t>("axis", 1);
  cpp::OpDesc& first = b.Op("concat", {{"X", "a"}}, {{"Out", "j"}}, {{"j", {-1, 56, 8, 8}}});
  first.SetInput("X", {"a", "r"});
  first.SetAttr<int32_t>("axis", 1);
  // Enough blocked ops after it to pay for the casts to the division and the other concat;
  // every activation with an NCHW16c kernel joins the region, whatever its kind.
  std::string in = "k";
  int64_t in_c = 56;
  const std::pair<const char*, const char*> tail[] = {
      {"s", "relu"}, {"s1", "swish"}, {"s2", "tanh"}, {"s3", "gelu"}};
  for (const auto& [out, act] : tail) {
    AddConv(&b, &weights, "conv2d", in, out, in_c, 48, 1, 1, 0, {-1, 48, 8, 8});
    in = std::string(out) + "r";
    in_c = 48;
    b.Op(act, {{"X", out}}, {{"Out", in}}, {{in, {-1, 48, 8, 8}}});
  }
  b.Fetch(in, 0);
  b.Fetch("j", 1);
  b.Fetch("d", 2);
  auto o = Optimize(b.program(), kX86Host, Options(false, true, false), weights);
  const auto picks = Picks(*o);
  // s3r is fetched: the layout cast writes it, the gelu its own s3r/NCHW16c.
  for (const char* out : {"p", "q", "r", "a", "k", "s", "s1r", "s2r", "s3r/NCHW16c", "qr", "qs"}) {
    EXPECT_EQ(picks.at(out), "x86/NCHW16c/def") << out;
  }
  for (const char* out : {"d", "j"}) EXPECT_EQ(picks.at(out), "x86/NCHW/def") << out;
  ExpectSameAsHost(b, weights, Options(false, true), 3);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
