// The OpenCL convolutions (conv2d, depthwise_conv2d, conv2d_transpose,
// depthwise_conv2d_transpose on images) against the host kernels (the reference), each case
// a feed -> conv -> fetch program optimized for float images, for half images and for the
// host alone: odd channel counts, strides, symmetric and asymmetric paddings, dilations,
// groups whose channel counts are not multiples of 4, depthwise, 1x1 to 7x7 and 7x1 filters,
// batches, bias, every activation that fuses (set as the fusion pass writes it, and fused
// by the passes from conv -> elementwise_add -> relu6). Float images are within 1e-4 (abs +
// rel) of the host, half images within 2e-2 of the output's range; the worst errors seen
// are printed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "lite/backends/opencl/cl_runtime.h"
#include "lite/core/program.h"
#include "lite/kernels/opencl/cl_kernel_util.h"
#include "lite/kernels/opencl/conv_filter_pack.h"
#include "lite/tests/core/program_test_util.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

const Place kHostFloat(TargetType::kHost, PrecisionType::kFloat);
const Place kClFloat(TargetType::kOpenCL, PrecisionType::kFloat, DataLayoutType::kImageDefault);
const Place kClHalf(TargetType::kOpenCL, PrecisionType::kFP16, DataLayoutType::kImageDefault);

// The worst errors over the suite, printed at its end for the record.
struct {
  float fp32{0.f};  // |fp32 image - host| / (1 + |host|)
  float fp16{0.f};  // |fp16 image - host| / range of host
} worst_seen;

class ConvOpenClTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string why;
    if (!opencl::ClRuntime::Available(&why)) GTEST_SKIP() << "no OpenCL device: " << why;
  }
  static void TearDownTestSuite() {
    if (worst_seen.fp32 > 0.f || worst_seen.fp16 > 0.f) {
      std::cout << "[opencl conv] worst |fp32 image - host| / (1 + |host|): " << worst_seen.fp32
                << ", worst |fp16 image - host| / range: " << worst_seen.fp16 << "\n";
    }
  }
};

struct ConvSpec {
  std::string op{"conv2d"};
  int n{1}, c{1}, out_c{1}, h{1}, w{1}, kh{1}, kw{1};
  std::vector<int> strides{1, 1}, paddings{0, 0}, dilations{1, 1};
  int groups{1};
  bool bias{false};
  std::string act;                  // fused act_type, written as the fusion pass does
  std::vector<int> output_padding;  // transposes
  std::string padding_algorithm;

  bool Transposed() const { return op.find("transpose") != std::string::npos; }
  std::vector<int64_t> FilterDims() const {
    if (Transposed()) return {c, out_c / groups, kh, kw};
    return {out_c, c / groups, kh, kw};
  }
  std::string Describe() const {
    return StrCat(op, " n", n, " c", c, " oc", out_c, " ", h, "x", w, " k", kh, "x", kw, " s",
                  strides, " p", paddings, " d", dilations, " g", groups, bias ? " bias" : "",
                  act.empty() ? "" : " act " + act,
                  output_padding.empty() ? "" : StrCat(" output_padding ", output_padding));
  }
};

// The activation attributes the conv + activation fusion writes for act_type `act`.
void SetFusedActivation(const std::string& act, cpp::OpDesc* op) {
  op->SetAttr<std::string>("act_type", act);
  if (act == "relu6") op->SetAttr<float>("act_threshold", 1.5f);
  if (act == "leaky_relu") op->SetAttr<float>("act_alpha", 0.15f);
  if (act == "swish") op->SetAttr<float>("act_beta", 1.7f);
  if (act == "hard_swish") {
    op->SetAttr<float>("act_threshold", 5.f);
    op->SetAttr<float>("act_scale", 7.f);
    op->SetAttr<float>("act_offset", 2.f);
  }
  if (act == "hard_sigmoid") {
    op->SetAttr<float>("act_slope", 0.3f);
    op->SetAttr<float>("act_offset", 0.4f);
  }
  if (act == "gelu" || act == "gelu_tanh") {
    op->SetAttr<std::string>("act_type", "gelu");
    op->SetAttr<bool>("act_approximate", act == "gelu_tanh");
  }
}

Builder ConvProgram(const ConvSpec& s) {
  Builder b({-1, s.c, s.h, s.w});
  b.AddVar("filter", cpp::VarKind::kLodTensor, s.FilterDims(), true);
  std::map<std::string, std::string> in = {{"Input", "x"}, {"Filter", "filter"}};
  if (s.bias) {
    b.AddVar("bias", cpp::VarKind::kLodTensor, {s.out_c}, true);
    in["Bias"] = "bias";
  }
  cpp::OpDesc& op = b.Op(s.op, in, {{"Output", "y"}});
  op.SetAttr<std::vector<int32_t>>("strides", s.strides);
  op.SetAttr<std::vector<int32_t>>("paddings", s.paddings);
  op.SetAttr<std::vector<int32_t>>("dilations", s.dilations);
  op.SetAttr<int32_t>("groups", s.groups);
  if (!s.padding_algorithm.empty())
    op.SetAttr<std::string>("padding_algorithm", s.padding_algorithm);
  if (!s.output_padding.empty())
    op.SetAttr<std::vector<int32_t>>("output_padding", s.output_padding);
  if (!s.act.empty()) SetFusedActivation(s.act, &op);
  b.Fetch("y", 0);
  return b;
}

Weights ConvWeights(const ConvSpec& s, uint32_t seed) {
  const DDim filter(s.FilterDims());
  Weights w = {{"filter", {filter, RandomVector(filter.production(), -0.5f, 0.5f, seed)}}};
  if (s.bias) w["bias"] = {DDim({s.out_c}), RandomVector(s.out_c, -1.f, 1.f, seed + 1)};
  return w;
}

// Max |got - want| over the scale of want (its range, or its largest magnitude where that
// is more): the half-storage criterion.
float RelativeToRange(const std::vector<float>& got, const std::vector<float>& want) {
  float lo = want[0], hi = want[0], largest = 0.f, worst = 0.f;
  for (size_t i = 0; i < want.size(); ++i) {
    lo = std::min(lo, want[i]);
    hi = std::max(hi, want[i]);
    largest = std::max(largest, std::fabs(want[i]));
    worst = std::max(worst, std::fabs(got[i] - want[i]));
  }
  return worst / std::max({hi - lo, largest, 1e-6f});
}

// Max |got - want| / (1 + |want|): what ExpectAllNear(got, want, t, t) bounds by t.
float AbsPlusRel(const std::vector<float>& got, const std::vector<float>& want) {
  float worst = 0.f;
  for (size_t i = 0; i < want.size(); ++i) {
    worst = std::max(worst, std::fabs(got[i] - want[i]) / (1.f + std::fabs(want[i])));
  }
  return worst;
}

// Packs the weights of the convolutions optimized in its scope into images or buffers.
class WeightStorageScope {
 public:
  explicit WeightStorageScope(kernels::opencl::WeightStorage storage) {
    kernels::opencl::SetWeightStorage(storage);
  }
  ~WeightStorageScope() {
    kernels::opencl::SetWeightStorage(kernels::opencl::WeightStorage::kDevicePick);
  }
};

// The op's kernel key in an optimized program.
std::string KernelKey(const Optimized& o, const std::string& op) {
  const cpp::OpDesc* desc = o.FindOp(op);
  return desc ? desc->GetAttr<std::string>(kKernelKeyAttr) : "(no " + op + ")";
}

void ExpectRunsOnOpenCl(const Optimized& o, const std::string& op) {
  EXPECT_NE(KernelKey(o, op).find(",opencl,"), std::string::npos) << KernelKey(o, op);
}

// Runs `b` for float images, half images and the host; compares both to the host. `fuse`
// runs the fusion passes (for each plan).
void CompareWithHost(const Builder& b, const std::string& op, const Weights& weights,
                     const DDim& dims, uint32_t seed, bool fuse) {
  const std::vector<float> x = RandomVector(dims.production(), -1.f, 1.f, seed);
  const std::vector<float> want = Optimize(b.program(), {kHostFloat}, fuse, weights)->Run(dims, x);
  auto fp32 = Optimize(b.program(), {kClFloat, kHostFloat}, fuse, weights);
  ExpectRunsOnOpenCl(*fp32, op);
  const std::vector<float> got32 = fp32->Run(dims, x);
  ExpectAllNear(got32, want, 1e-4f, 1e-4f);
  // A second run reuses the packed filter.
  EXPECT_EQ(fp32->Run(dims, x), got32);
  auto fp16 = Optimize(b.program(), {kClHalf, kHostFloat}, fuse, weights);
  ExpectRunsOnOpenCl(*fp16, op);
  const std::vector<float> got16 = fp16->Run(dims, x);
  const float e16 = RelativeToRange(got16, want);
  EXPECT_LE(e16, 2e-2f);
  // The weights in images and in buffers hold the same texels, read into the same math.
  for (auto storage :
       {kernels::opencl::WeightStorage::kImages, kernels::opencl::WeightStorage::kBuffers}) {
    WeightStorageScope scope(storage);
    EXPECT_EQ(Optimize(b.program(), {kClFloat, kHostFloat}, fuse, weights)->Run(dims, x), got32);
    EXPECT_EQ(Optimize(b.program(), {kClHalf, kHostFloat}, fuse, weights)->Run(dims, x), got16);
  }
  worst_seen.fp32 = std::max(worst_seen.fp32, AbsPlusRel(got32, want));
  worst_seen.fp16 = std::max(worst_seen.fp16, e16);
}

void CompareWithHost(const ConvSpec& s, uint32_t seed) {
  SCOPED_TRACE(s.Describe());
  CompareWithHost(ConvProgram(s), s.op, ConvWeights(s, seed), DDim({s.n, s.c, s.h, s.w}), seed + 2,
                  false);
}

ConvSpec Conv(int c, int out_c, int h, int w, int kh, int kw) {
  ConvSpec s;
  s.c = c;
  s.out_c = out_c;
  s.h = h;
  s.w = w;
  s.kh = kh;
  s.kw = kw;
  return s;
}

TEST_F(ConvOpenClTest, PointwiseConvolutions) {
  ConvSpec s = Conv(3, 5, 7, 9, 1, 1);  // the 1x1 path
  s.n = 2;
  s.bias = true;
  CompareWithHost(s, 1);
  s = Conv(13, 8, 6, 5, 1, 1);
  CompareWithHost(s, 2);
  s.strides = {2, 2};  // strided and padded 1x1 take the general path
  CompareWithHost(s, 3);
  s.strides = {1, 1};
  s.paddings = {1, 0, 0, 2};
  s.bias = true;
  CompareWithHost(s, 4);
  s = Conv(32, 20, 9, 9, 1, 1);  // several input blocks
  CompareWithHost(s, 5);
}

TEST_F(ConvOpenClTest, KernelSizesStridesPaddingsDilations) {
  uint32_t seed = 10;
  ConvSpec s = Conv(5, 7, 9, 11, 3, 3);
  s.paddings = {1, 1};
  s.bias = true;
  CompareWithHost(s, seed++);
  s = Conv(7, 13, 10, 9, 3, 3);
  s.strides = {2, 2};
  s.paddings = {0, 1, 2, 0};  // top, bottom, left, right
  CompareWithHost(s, seed++);
  s = Conv(13, 6, 12, 11, 5, 5);
  s.n = 2;
  s.paddings = {2, 2};
  s.dilations = {2, 2};
  s.bias = true;
  CompareWithHost(s, seed++);
  s = Conv(4, 8, 11, 6, 7, 1);
  s.paddings = {3, 3, 0, 0};
  CompareWithHost(s, seed++);
  s = Conv(3, 16, 15, 13, 7, 7);  // a stem
  s.strides = {2, 2};
  s.paddings = {3, 3};
  s.bias = true;
  CompareWithHost(s, seed++);
  s = Conv(6, 5, 8, 10, 3, 2);
  s.strides = {1, 2};
  s.paddings = {2, 0, 1, 1};
  s.dilations = {1, 3};
  CompareWithHost(s, seed++);
  s = Conv(9, 11, 9, 8, 3, 3);
  s.strides = {2, 2};
  s.padding_algorithm = "SAME";
  CompareWithHost(s, seed++);
  s = Conv(32, 64, 12, 12, 3, 3);  // K = 288 sums
  s.paddings = {1, 1};
  s.bias = true;
  CompareWithHost(s, seed++);
}

TEST_F(ConvOpenClTest, Groups) {
  uint32_t seed = 30;
  ConvSpec s = Conv(6, 10, 7, 8, 3, 3);  // 3 input and 5 output channels per group
  s.groups = 2;
  s.paddings = {1, 1};
  s.bias = true;
  CompareWithHost(s, seed++);
  s = Conv(9, 6, 9, 9, 3, 3);  // 3 in, 2 out per group: a texel spans groups
  s.groups = 3;
  s.strides = {2, 2};
  s.paddings = {1, 1};
  CompareWithHost(s, seed++);
  s = Conv(12, 12, 6, 7, 3, 3);  // 4 per group: blocks align with groups
  s.groups = 3;
  s.n = 2;
  CompareWithHost(s, seed++);
  s = Conv(15, 9, 7, 6, 1, 1);  // grouped 1x1
  s.groups = 3;
  s.bias = true;
  CompareWithHost(s, seed++);
  s = Conv(8, 8, 7, 7, 3, 3);  // conv2d with groups == C: the depthwise path
  s.groups = 8;
  s.paddings = {1, 1};
  CompareWithHost(s, seed++);
}

TEST_F(ConvOpenClTest, Depthwise) {
  uint32_t seed = 40;
  ConvSpec s = Conv(13, 13, 9, 10, 3, 3);
  s.op = "depthwise_conv2d";
  s.groups = 13;
  s.paddings = {1, 1};
  s.bias = true;
  CompareWithHost(s, seed++);
  s = Conv(7, 7, 13, 12, 5, 5);
  s.op = "depthwise_conv2d";
  s.groups = 7;
  s.n = 2;
  s.strides = {2, 2};
  s.dilations = {2, 2};
  s.paddings = {2, 1, 0, 3};
  CompareWithHost(s, seed++);
  s = Conv(5, 10, 8, 8, 3, 3);  // channel multiplier 2: the general path
  s.op = "depthwise_conv2d";
  s.groups = 5;
  s.paddings = {1, 1};
  s.bias = true;
  CompareWithHost(s, seed++);
}

TEST_F(ConvOpenClTest, FusedActivations) {
  uint32_t seed = 50;
  for (const std::string act : {"relu", "relu6", "leaky_relu", "sigmoid", "tanh", "swish", "exp",
                                "abs", "hard_swish", "hard_sigmoid", "gelu", "gelu_tanh"}) {
    ConvSpec s = Conv(5, 6, 6, 7, 3, 3);
    s.paddings = {1, 1};
    s.bias = true;
    s.act = act;
    CompareWithHost(s, seed++);
    s = Conv(6, 6, 5, 5, 3, 3);  // and the depthwise kernel's epilogue
    s.groups = 6;
    s.act = act;
    CompareWithHost(s, seed++);
  }
}

// conv2d -> elementwise_add(bias, axis 1) -> relu6, fused by the passes into one conv.
TEST_F(ConvOpenClTest, TheFusionPassesFuseBiasAndActivation) {
  const ConvSpec s = Conv(7, 9, 8, 9, 3, 3);
  Builder b({-1, s.c, s.h, s.w});
  b.AddVar("filter", cpp::VarKind::kLodTensor, s.FilterDims(), true);
  b.AddVar("bias", cpp::VarKind::kLodTensor, {s.out_c}, true);
  cpp::OpDesc& conv = b.Op("conv2d", {{"Input", "x"}, {"Filter", "filter"}}, {{"Output", "c"}});
  conv.SetAttr<std::vector<int32_t>>("strides", {1, 1});
  conv.SetAttr<std::vector<int32_t>>("paddings", {1, 1});
  b.Op("elementwise_add", {{"X", "c"}, {"Y", "bias"}}, {{"Out", "a"}}).SetAttr<int32_t>("axis", 1);
  b.Op("relu6", {{"X", "a"}}, {{"Out", "y"}}).SetAttr<float>("threshold", 1.f);
  b.Fetch("y", 0);
  Weights weights = ConvWeights(s, 60);
  weights["bias"] = {DDim({s.out_c}), RandomVector(s.out_c, -1.f, 1.f, 61)};

  auto fused = Optimize(b.program(), {kClFloat, kHostFloat}, true, weights);
  EXPECT_EQ(fused->Ops("conv2d").size(), 1u);
  EXPECT_EQ(fused->FindOp("elementwise_add"), nullptr);
  EXPECT_EQ(fused->FindOp("relu6"), nullptr);
  EXPECT_EQ(fused->FindOp("conv2d")->GetAttr<std::string>("act_type"), "relu6");
  // Against the unfused host plan.
  const DDim dims({2, s.c, s.h, s.w});
  const std::vector<float> x = RandomVector(dims.production(), -1.f, 1.f, 62);
  const std::vector<float> want = Optimize(b.program(), {kHostFloat}, false, weights)->Run(dims, x);
  CompareWithHost(b, "conv2d", weights, dims, 62, true);
  ExpectAllNear(fused->Run(dims, x), want, 1e-4f, 1e-4f);
  // And as the light predictor loads it (the kernels pack the loaded weights).
  ExpectAllNear(NbRoundTrip(*fused)->Run(dims, x), want, 1e-4f, 1e-4f);
}

TEST_F(ConvOpenClTest, TransposedConvolutions) {
  uint32_t seed = 70;
  ConvSpec s = Conv(5, 3, 6, 7, 3, 3);
  s.op = "conv2d_transpose";
  s.strides = {2, 2};
  s.paddings = {1, 1};
  s.output_padding = {1, 1};
  s.bias = true;
  CompareWithHost(s, seed++);
  s = Conv(4, 7, 5, 5, 4, 4);
  s.op = "conv2d_transpose";
  s.n = 2;
  s.strides = {2, 2};
  s.paddings = {1, 1};
  CompareWithHost(s, seed++);
  s = Conv(6, 4, 5, 6, 3, 3);  // groups of 3 input and 2 output channels
  s.op = "conv2d_transpose";
  s.groups = 2;
  s.strides = {2, 1};
  s.dilations = {2, 2};
  s.paddings = {0, 2, 1, 0};
  s.bias = true;
  CompareWithHost(s, seed++);
  s = Conv(3, 5, 4, 5, 2, 2);  // stride 3 > kernel: rows no tap reaches hold the bias
  s.op = "conv2d_transpose";
  s.strides = {3, 3};
  s.bias = true;
  s.act = "sigmoid";
  CompareWithHost(s, seed++);
  s = Conv(13, 9, 7, 7, 1, 1);
  s.op = "conv2d_transpose";
  CompareWithHost(s, seed++);
  s = Conv(7, 7, 6, 5, 3, 3);
  s.op = "depthwise_conv2d_transpose";
  s.groups = 7;
  s.n = 2;
  s.strides = {2, 2};
  s.paddings = {1, 1};
  s.output_padding = {1, 0};
  s.bias = true;
  s.act = "relu";
  CompareWithHost(s, seed++);
}

// The kernels pack the filter once, so a filter computed at run time (no weight) stays on
// the CPU rather than being read stale.
TEST_F(ConvOpenClTest, AFilterThatIsNoWeightStaysOnTheCpu) {
  const ConvSpec s = Conv(3, 4, 6, 6, 3, 3);
  Builder b({-1, s.c, s.h, s.w});
  b.AddVar("filter", cpp::VarKind::kLodTensor, s.FilterDims(), true);
  b.Op("assign", {{"X", "filter"}}, {{"Out", "computed"}});
  b.Op("conv2d", {{"Input", "x"}, {"Filter", "computed"}}, {{"Output", "y"}});
  b.Fetch("y", 0);
  const Weights weights = ConvWeights(s, 80);
  auto o = Optimize(b.program(), {kClFloat, kHostFloat}, false, weights);
  EXPECT_NE(KernelKey(*o, "conv2d").find(",host,"), std::string::npos) << KernelKey(*o, "conv2d");
  const DDim dims({1, s.c, s.h, s.w});
  const std::vector<float> x = RandomVector(dims.production(), -1.f, 1.f, 81);
  EXPECT_EQ(o->Run(dims, x), Optimize(b.program(), {kHostFloat}, false, weights)->Run(dims, x));
}

// The block layout's input ranges: each output block reads the input blocks of its groups.
TEST_F(ConvOpenClTest, FilterBlocksCoverTheGroupsOfEachOutputBlock) {
  Tensor filter;  // conv2d, 9 -> 6 channels in 3 groups: 3 in, 2 out per group
  filter.Resize({6, 3, 1, 1});
  float* w = filter.mutable_data<float>();
  for (int i = 0; i < 18; ++i) w[i] = static_cast<float>(i + 1);
  const kernels::opencl::BlockFilter f = kernels::opencl::PackConvFilter(filter, 3, "test");
  // Outputs 0..3 (groups 0, 1) read inputs 0..5 (blocks 0, 1); outputs 4, 5 (group 2)
  // inputs 6..8 (blocks 1, 2).
  EXPECT_EQ(f.ranges, (std::vector<cl_int>{0, 2, 1, 2}));
  EXPECT_EQ(f.stride, 2);
  // The filter image: 4 texels per input block, one row per (output block, tap).
  EXPECT_EQ(f.width(), 8u);
  EXPECT_EQ(f.height(), 2u);
  ASSERT_EQ(f.weights.size(), 4 * f.width() * f.height());
  // Block (ocb 0, b 0): input lane i to output lane o; output 2 (group 1) reads input 3 with
  // its filter's first value (w[2][0][0][0] = 7), output 0 (group 0) never does.
  EXPECT_EQ(f.weights[3 * 4 + 2], 7.f);
  EXPECT_EQ(f.weights[3 * 4 + 0], 0.f);
  EXPECT_EQ(f.weights[0 * 4 + 0], 1.f);  // input 0 -> output 0
  // Block (ocb 1, b 0) holds inputs 4..7: only input 6 reaches outputs 4 and 5.
  const float* b10 = &f.weights[(1 * 2 + 0) * 16];
  EXPECT_EQ(b10[2 * 4 + 0], 13.f);  // w[4][0] (output 4's first value), input 6 = lane 2
  EXPECT_EQ(b10[2 * 4 + 1], 16.f);  // w[5][0]
  EXPECT_EQ(b10[0 * 4 + 0], 0.f);   // input 4 is group 1's
}

// A filter whose image is taller than the device allows (ceil(OC / 4) * taps rows) is an
// error naming the image's size and the device's limit, and the predictor keeps running.
// In buffers, the same filter runs.
TEST_F(ConvOpenClTest, AFilterTooLargeForTheDeviceImagesIsAClearError) {
  const size_t max_rows = lite::opencl::ClRuntime::Get().info().image2d_max_height;
  ConvSpec s = Conv(1, 4 * static_cast<int>(max_rows / 49 + 1), 7, 7, 7, 7);
  const Weights weights = ConvWeights(s, 90);
  const DDim dims({1, s.c, s.h, s.w});
  const std::vector<float> x = RandomVector(dims.production(), -1.f, 1.f, 91);
  {
    WeightStorageScope images(kernels::opencl::WeightStorage::kImages);
    auto o = Optimize(ConvProgram(s).program(), {kClFloat, kHostFloat}, false, weights);
    ExpectRunsOnOpenCl(*o, "conv2d");
    const std::string too_tall = StrCat("4 x ", s.out_c / 4 * 49, " texels does not fit");
    ExpectErrorContaining([&] { o->Run(dims, x); }, too_tall);
    ExpectErrorContaining([&] { o->Run(dims, x); }, too_tall);
  }
  WeightStorageScope buffers(kernels::opencl::WeightStorage::kBuffers);
  auto o = Optimize(ConvProgram(s).program(), {kClFloat, kHostFloat}, false, weights);
  ExpectAllNear(o->Run(dims, x),
                Optimize(ConvProgram(s).program(), {kHostFloat}, false, weights)->Run(dims, x),
                1e-4f, 1e-4f);
}

// A filter in device memory is refused with the reason, not read as host memory.
TEST_F(ConvOpenClTest, AFilterOnTheDeviceIsRefused) {
  Tensor filter;
  filter.Resize({4, 4, 3, 3});
  filter.mutable_data(TargetType::kOpenCL, filter.numel() * sizeof(float));
  ExpectErrorContaining([&] { kernels::opencl::PackConvFilter(filter, 1, "conv2d (OpenCL)"); },
                        "conv2d (OpenCL): Filter must be in host memory");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
