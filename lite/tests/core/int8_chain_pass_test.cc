// int8_chain_pass on chains of quantized convolutions as PaddleSlim writes them (a fake
// quantize-dequantize op before every conv's input and filter): where the x86 NCHW16c int8
// kernels run (AVX512_VNNI), or the ARM NCHW ones (every aarch64 CPU: the int8 GEMM conv and
// the NEON depthwise conv), an int8 conv whose readers are all int8 layers of one input
// scale writes their int8 values, the var becomes int8, and the plan's results are the
// unchained plan's, bit for bit (both quantize the same float alike), and the float
// simulation's on host within float32 rounding. Outputs read by a float op, fetched, or
// read by int8 layers of different scales stay float. A source model's Output0_scale is
// dropped; a bad one, or one on a kernel that does not chain, in a .nb is a clear error.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/core/op_registry.h"
#include "lite/core/program.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

constexpr int kH = 9, kW = 11;

// The layers: a conv's type, its input, its output and its activation scale.
struct Layer {
  const char* type;
  std::string in, out;
  float scale;
};

// Quantized pointwise convs and 3x3 depthwise convs of `channels`, each reading its input
// through a fake quantize-dequantize of `scale`. From 256 channels the pointwise convs run
// the NCHW16c tiles however the blocked planner decides (their plain kernel reorders
// around them); with 32 the planner picks NCHW16c for conv -> depthwise -> conv alone.
struct Net {
  explicit Net(int c) : kC(c), b({-1, c, kH, kW}) {}
  const int kC;
  Builder b;
  Weights weights;
  int n = 0;

  void Conv(const Layer& l) {
    const std::string i = std::to_string(n++);
    const bool dw = std::string(l.type) == "depthwise_conv2d";
    const DDim wd({kC, dw ? 1 : kC, dw ? 3 : 1, dw ? 3 : 1});
    b.AddVar("s" + i, cpp::VarKind::kLodTensor, {1}, true);
    b.AddVar("w" + i, cpp::VarKind::kLodTensor, wd.Vectorize(), true);
    b.Op("fake_quantize_dequantize_moving_average_abs_max", {{"X", l.in}, {"InScale", "s" + i}},
         {{"Out", l.in + "q" + i}, {"OutScale", "s" + i}});
    b.Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", "w" + i}}, {{"Out", "wq" + i}});
    cpp::OpDesc& conv =
        b.Op(l.type, {{"Input", l.in + "q" + i}, {"Filter", "wq" + i}}, {{"Output", l.out}});
    conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
    conv.SetAttr<std::vector<int32_t>>("paddings", {dw ? 1 : 0, dw ? 1 : 0});
    conv.SetAttr<std::vector<int32_t>>("dilations", {1, 1});
    conv.SetAttr<int32_t>("groups", dw ? kC : 1);
    weights["s" + i] = {DDim({1}), {l.scale}};
    weights["w" + i] = {wd, RandomVector(wd.production(), -0.5f, 0.5f, 60 + n)};
  }
};

#ifndef PLITE_WITH_ARM
bool NchwcInt8ConvRunsHere() {
  for (const KernelInfo* info : KernelRegistry::Global().Kernels("conv2d")) {
    if (info->place.precision == PrecisionType::kInt8 &&
        info->place.layout == DataLayoutType::kNCHW16c && info->RunsOnThisCpu()) {
      return true;
    }
  }
  return false;
}
#endif

// The places whose int8 conv kernels chain on this build and CPU (none where none do), and
// what the kernel key of such a kernel holds.
struct ChainingTarget {
  std::vector<Place> places;
  std::string key_part;
};
ChainingTarget ChainingTargetHere() {
#ifdef PLITE_WITH_ARM
  return {{Place{TARGET(kARM), PRECISION(kInt8)}, Place{TARGET(kARM), PRECISION(kFloat)}},
          "," + lite_api::PrecisionToStr(PRECISION(kInt8)) + "," +
              lite_api::DataLayoutToStr(DATALAYOUT(kNCHW)) + ","};
#else
  if (NchwcInt8ConvRunsHere() && X86Int8KernelRunsHere("depthwise_conv2d")) {
    return {{Place{TARGET(kX86), PRECISION(kInt8)}, Place{TARGET(kX86), PRECISION(kFloat)}},
            "," + lite_api::DataLayoutToStr(DATALAYOUT(kNCHW16c)) + ","};
  }
  return {};
#endif
}

// Asked after static initialization, when the kernels have registered.
const std::vector<Place>& Places() {
  static const ChainingTarget target = ChainingTargetHere();
  return target.places;
}
const std::string& ChainingKeyPart() {
  static const std::string part = ChainingTargetHere().key_part;
  return part;
}

#define SKIP_WITHOUT_CHAINING_INT8()                                                      \
  if (Places().empty())                                                                   \
  GTEST_SKIP() << "no chaining int8 conv kernels run here (x86 needs AVX512_VNNI; ARM " \
                  "builds have them)"

// The op writing `var` in the optimized program.
const cpp::OpDesc* Writer(const Optimized& o, const std::string& var) {
  for (const auto& op : o.program.blocks[0].ops) {
    for (const std::string& name : op.OutputArgumentNames()) {
      if (name == var) return &op;
    }
  }
  return nullptr;
}

// Whether the op writing `var` runs an int8 kernel that chains.
bool WrittenByChainingKernel(const Optimized& o, const std::string& var) {
  const cpp::OpDesc* op = Writer(o, var);
  return op && op->GetAttr<std::string>(kKernelKeyAttr).find(ChainingKeyPart()) !=
                   std::string::npos;
}

bool WritesInt8(const Optimized& o, const std::string& var) {
  const cpp::OpDesc* op = Writer(o, var);
  return op && op->HasAttr("Output0_scale");
}

OptimizerOptions Options(bool chain) {
  OptimizerOptions options;
  options.memory_optimize = false;  // the vars keep their names
  options.int8_chain = chain;
  return options;
}

void ExpectSameBits(const std::vector<float>& got, const std::vector<float>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], want[i]) << "at " << i;
}

// conv -> depthwise -> conv -> fetch: the first two write int8, the last floats.
TEST(Int8ChainPass, ConvDepthwiseConvPassInt8AndComputeTheUnchainedNumbers) {
  SKIP_WITHOUT_CHAINING_INT8();
  const std::vector<Place>& places = Places();
  Net net(32);
  net.Conv({"conv2d", "x", "y0", 2.f});
  net.Conv({"depthwise_conv2d", "y0", "y1", 1.5f});
  net.Conv({"conv2d", "y1", "y2", 1.f});
  net.b.Fetch("y2", 0);
  const DDim dims({2, net.kC, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 13);
  auto chained = Optimize(net.b.program(), places, Options(true), net.weights);
  auto unchained = Optimize(net.b.program(), places, Options(false), net.weights);
  EXPECT_TRUE(WritesInt8(*chained, "y0"));
  EXPECT_TRUE(WritesInt8(*chained, "y1"));
  EXPECT_FALSE(WritesInt8(*chained, "y2"));  // fetched
  EXPECT_FALSE(WritesInt8(*unchained, "y0"));
  EXPECT_FLOAT_EQ(Writer(*chained, "y0")->GetAttr<std::vector<float>>("Output0_scale")[0],
                  1.5f / 127);  // the depthwise conv's Input0_scale
  const auto want = unchained->Run(dims, x);
  ExpectSameBits(chained->Run(dims, x), want);
  EXPECT_EQ(chained->exec->FindVar("y0")->Get<Tensor>().precision(), PrecisionType::kInt8);
  EXPECT_EQ(chained->exec->FindVar("y1")->Get<Tensor>().precision(), PrecisionType::kInt8);
  EXPECT_EQ(chained->exec->FindVar("y2")->Get<Tensor>().precision(), PrecisionType::kFloat);
  ExpectSameBits(NbRoundTrip(*chained)->Run(dims, x), want);
  // Buffers shared across precisions (memory_optimize_pass) change nothing.
  ExpectSameBits(Optimize(net.b.program(), places, true, net.weights)->Run(dims, x), want);
  // The float simulation (host) is the reference the int8 plans are tested against.
  ExpectAllNear(want, Optimize(net.b.program(), kHostOnly, true, net.weights)->Run(dims, x), 2e-4f);
}

// y0 feeds a depthwise conv and a float op (the residual add of an inverted bottleneck): it
// stays float; the depthwise conv before the int8 conv still writes int8.
TEST(Int8ChainPass, AnOutputAFloatOpReadsStaysFloat) {
  SKIP_WITHOUT_CHAINING_INT8();
  const std::vector<Place>& places = Places();
  Net net(256);
  net.Conv({"conv2d", "x", "y0", 2.f});
  net.Conv({"depthwise_conv2d", "y0", "y1", 1.5f});
  net.Conv({"conv2d", "y1", "y2", 1.f});
  net.b.Op("elementwise_add", {{"X", "y2"}, {"Y", "y0"}}, {{"Out", "z"}});
  net.b.Fetch("z", 0);
  const DDim dims({1, net.kC, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 17);
  auto chained = Optimize(net.b.program(), places, Options(true), net.weights);
  EXPECT_TRUE(WrittenByChainingKernel(*chained, "y0"));
  EXPECT_FALSE(WritesInt8(*chained, "y0"));
  EXPECT_TRUE(WritesInt8(*chained, "y1"));
  ExpectSameBits(chained->Run(dims, x),
                 Optimize(net.b.program(), places, Options(false), net.weights)->Run(dims, x));
}

// Two int8 readers quantizing y0 with different scales: no one int8 tensor serves both.
TEST(Int8ChainPass, ReadersOfDifferentScalesKeepTheFloatOutput) {
  SKIP_WITHOUT_CHAINING_INT8();
  const std::vector<Place>& places = Places();
  Net net(256);
  net.Conv({"conv2d", "x", "y0", 2.f});
  net.Conv({"depthwise_conv2d", "y0", "y1", 1.5f});
  net.Conv({"conv2d", "y0", "y2", 1.f});
  net.b.Op("elementwise_add", {{"X", "y1"}, {"Y", "y2"}}, {{"Out", "z"}});
  net.b.Fetch("z", 0);
  auto chained = Optimize(net.b.program(), places, Options(true), net.weights);
  EXPECT_TRUE(WrittenByChainingKernel(*chained, "y0"));
  EXPECT_FALSE(WritesInt8(*chained, "y0"));
  const DDim dims({1, net.kC, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 19);
  ExpectSameBits(chained->Run(dims, x),
                 Optimize(net.b.program(), places, Options(false), net.weights)->Run(dims, x));
}

TEST(Int8ChainPass, ABadOutputScaleIsAClearError) {
  SKIP_WITHOUT_CHAINING_INT8();
  const std::vector<Place>& places = Places();
  Net net(256);
  net.Conv({"conv2d", "x", "y0", 2.f});
  net.Conv({"depthwise_conv2d", "y0", "y1", 1.5f});
  net.b.Fetch("y1", 0);
  auto o = Optimize(net.b.program(), places, Options(true), net.weights);
  for (float bad : {0.f, -1.f, 1e-40f}) {
    cpp::ProgramDesc program = o->program;
    for (auto& op : program.blocks[0].ops) {
      if (op.HasAttr("Output0_scale")) op.SetAttr("Output0_scale", std::vector<float>{bad});
    }
    ExpectErrorContaining([&] { RuntimeProgram(program, o->exec, 1); }, "Output0_scale");
  }
}

// A source model's Output0_scale (a Paddle Lite program, a hand-edited model) names an int8
// output this plan never chose: the optimizer drops it, so the fetched conv writes floats.
TEST(Int8ChainPass, AnOutputScaleTheSourceModelCarriesIsDropped) {
  SKIP_WITHOUT_CHAINING_INT8();
  const std::vector<Place>& places = Places();
  Net net(256);
  net.Conv({"conv2d", "x", "y0", 2.f});
  net.Conv({"conv2d", "y0", "y1", 1.f});
  net.b.Fetch("y1", 0);
  const DDim dims({1, net.kC, kH, kW});
  const auto x = RandomVector(dims.production(), -3.f, 3.f, 23);
  const auto want = Optimize(net.b.program(), places, Options(false), net.weights)->Run(dims, x);
  cpp::ProgramDesc tagged = net.b.program();
  for (auto& op : tagged.blocks[0].ops) {
    if (op.Type() == "conv2d") op.SetAttr("Output0_scale", std::vector<float>{0.01f});
  }
  auto o = Optimize(tagged, places, Options(true), net.weights);
  EXPECT_TRUE(WritesInt8(*o, "y0"));
  EXPECT_FLOAT_EQ(Writer(*o, "y0")->GetAttr<std::vector<float>>("Output0_scale")[0], 1.f / 127);
  EXPECT_FALSE(WritesInt8(*o, "y1"));
  ExpectSameBits(o->Run(dims, x), want);
}

// An optimized program (a .nb) whose Output0_scale stands on an op with a kernel that does
// not write int8 is refused before anything runs, naming the op and the kernel.
TEST(Int8ChainPass, AnOutputScaleOnAKernelThatDoesNotChainIsAClearError) {
  SKIP_WITHOUT_CHAINING_INT8();
  Net net(256);
  net.Conv({"conv2d", "x", "y0", 2.f});
  net.b.Op("elementwise_add", {{"X", "y0"}, {"Y", "y0"}}, {{"Out", "z"}});
  net.b.Fetch("z", 0);
  auto o = Optimize(net.b.program(), Places(), Options(true), net.weights);
  cpp::ProgramDesc program = o->program;
  bool tagged = false;
  for (auto& op : program.blocks[0].ops) {
    if (op.Type() == "elementwise_add") {
      op.SetAttr("Output0_scale", std::vector<float>{0.01f});
      tagged = true;
    }
  }
  ASSERT_TRUE(tagged);
  ExpectErrorContaining([&] { RuntimeProgram(program, o->exec, 1); },
                        "'elementwise_add' carries Output0_scale but its kernel");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
