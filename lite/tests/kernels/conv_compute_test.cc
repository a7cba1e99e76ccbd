// conv2d / depthwise_conv2d host kernel against hand-computed values and a direct
// 7-loop convolution written from the definition.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lite/tests/kernels/conv_case.h"
#include "lite/tests/kernels/kernel_test_util.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

// Activations from their definitions (attribute values used by the tests below).
float Activate(const std::string& act, float x) {
  if (act.empty()) return x;
  if (act == "relu") return x > 0 ? x : 0;
  if (act == "relu6") return std::min(std::max(x, 0.f), 6.f);
  if (act == "leaky_relu") return x > 0 ? x : 0.1f * x;
  if (act == "hard_swish") return x * std::min(std::max(x + 3.f, 0.f), 6.f) / 6.f;
  ADD_FAILURE() << "unknown activation " << act;
  return x;
}

struct Reference {
  std::vector<int64_t> dims;
  std::vector<float> values;
};

// Direct convolution: every output element sums the products its window covers, with
// out-of-image taps skipped (zero padding).
Reference DirectConv(const ConvCase& p, const std::vector<float>& x, const std::vector<float>& w,
                     const std::vector<float>& bias) {
  int pad[4];  // top, bottom, left, right
  if (p.paddings.size() == 2) {
    pad[0] = pad[1] = p.paddings[0];
    pad[2] = pad[3] = p.paddings[1];
  } else {
    for (int i = 0; i < 4; ++i) pad[i] = p.paddings[i];
  }
  int dil[2] = {p.dilations[0], p.dilations[1]};
  const int in[2] = {p.h, p.w};
  const int k[2] = {p.kh, p.kw};
  if (p.padding_algorithm == "VALID") {
    for (int& v : pad) v = 0;
  } else if (p.padding_algorithm == "SAME") {
    // Paddle: output ceil(in / stride), padding for an undilated kernel, dilation 1.
    for (int i = 0; i < 2; ++i) {
      const int out = (in[i] + p.strides[i] - 1) / p.strides[i];
      const int sum = std::max((out - 1) * p.strides[i] + k[i] - in[i], 0);
      pad[2 * i] = sum / 2;
      pad[2 * i + 1] = sum - sum / 2;
      dil[i] = 1;
    }
  }
  const int oh = (p.h + pad[0] + pad[1] - (dil[0] * (p.kh - 1) + 1)) / p.strides[0] + 1;
  const int ow = (p.w + pad[2] + pad[3] - (dil[1] * (p.kw - 1) + 1)) / p.strides[1] + 1;
  const int cin_g = p.c / p.groups, cout_g = p.out_c / p.groups;
  Reference r;
  r.dims = {p.n, p.out_c, oh, ow};
  r.values.assign(static_cast<size_t>(p.n) * p.out_c * oh * ow, 0.f);
  for (int n = 0; n < p.n; ++n)
    for (int oc = 0; oc < p.out_c; ++oc)
      for (int y = 0; y < oh; ++y)
        for (int x0 = 0; x0 < ow; ++x0) {
          const int g = oc / cout_g;
          double sum = bias.empty() ? 0.0 : bias[oc];
          for (int ic = 0; ic < cin_g; ++ic)
            for (int i = 0; i < p.kh; ++i)
              for (int j = 0; j < p.kw; ++j) {
                const int iy = y * p.strides[0] - pad[0] + i * dil[0];
                const int ix = x0 * p.strides[1] - pad[2] + j * dil[1];
                if (iy < 0 || iy >= p.h || ix < 0 || ix >= p.w) continue;
                const int c = g * cin_g + ic;
                sum += static_cast<double>(x[((n * p.c + c) * p.h + iy) * p.w + ix]) *
                       w[((oc * cin_g + ic) * p.kh + i) * p.kw + j];
              }
          r.values[((n * p.out_c + oc) * oh + y) * ow + x0] =
              Activate(p.act, static_cast<float>(sum));
        }
  return r;
}

void SetConvAttrs(OpRunner* r, const ConvCase& p) {
  r->desc().SetAttr<std::vector<int32_t>>("strides", p.strides);
  r->desc().SetAttr<std::vector<int32_t>>("paddings", p.paddings);
  r->desc().SetAttr<std::vector<int32_t>>("dilations", p.dilations);
  r->desc().SetAttr<int32_t>("groups", p.groups);
  if (!p.padding_algorithm.empty()) {
    r->desc().SetAttr<std::string>("padding_algorithm", p.padding_algorithm);
  }
  if (!p.act.empty()) {
    // As the conv+activation fusion writes it.
    r->desc().SetAttr<std::string>("act_type", p.act);
    if (p.act == "leaky_relu") r->desc().SetAttr<float>("act_alpha", 0.1f);
    if (p.act == "relu6") r->desc().SetAttr<float>("act_threshold", 6.f);
  }
}

void RunAndCompare(const ConvCase& p, uint32_t seed) {
  SCOPED_TRACE(Describe(p));
  const ConvInputs in = MakeConvInputs(p, seed);
  const Reference ref = DirectConv(p, in.x, in.w, in.bias);

  OpRunner r(p.op);
  r.SetInput("Input", "x", {p.n, p.c, p.h, p.w}, in.x);
  r.SetInput("Filter", "w", {p.out_c, p.c / p.groups, p.kh, p.kw}, in.w);
  if (p.bias) r.SetInput("Bias", "b", {p.out_c}, in.bias);
  Tensor* out = r.SetOutput("Output", "out");
  SetConvAttrs(&r, p);
  r.Run();
  ASSERT_EQ(out->dims(), DDim(ref.dims));
  ExpectAllNear(ToVector(*out), ref.values, 1e-5f, 1e-5f);
}

TEST(Conv2d, HandComputedOnesKernel) {
  // x = 1..9 as 3x3, a 2x2 kernel of ones: each output is the sum of a 2x2 block.
  OpRunner r("conv2d");
  r.SetInput("Input", "x", {1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  r.SetInput("Filter", "w", {1, 1, 2, 2}, {1, 1, 1, 1});
  r.SetInput("Bias", "b", {1}, {0.5f});
  Tensor* out = r.SetOutput("Output", "out");
  r.desc().SetAttr<std::vector<int32_t>>("strides", {1, 1});
  r.desc().SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  r.desc().SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  r.desc().SetAttr<int32_t>("groups", 1);
  r.Run();
  EXPECT_EQ(out->dims(), DDim({1, 1, 2, 2}));
  ExpectAllNear(ToVector(*out), {12.5f, 16.5f, 24.5f, 28.5f}, 1e-6f);
}

TEST(Conv2d, HandComputedPaddedStride2) {
  // 3x3 ones kernel, padding 1, stride 2 on x = 1..9: windows centred on the corners.
  OpRunner r("conv2d");
  r.SetInput("Input", "x", {1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9});
  r.SetInput("Filter", "w", {1, 1, 3, 3}, std::vector<float>(9, 1.f));
  Tensor* out = r.SetOutput("Output", "out");
  r.desc().SetAttr<std::vector<int32_t>>("strides", {2, 2});
  r.desc().SetAttr<std::vector<int32_t>>("paddings", {1, 1});
  r.desc().SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  r.desc().SetAttr<int32_t>("groups", 1);
  r.Run();
  EXPECT_EQ(out->dims(), DDim({1, 1, 2, 2}));
  ExpectAllNear(ToVector(*out), {12, 16, 24, 28}, 1e-6f);
}

TEST(Conv2d, HandComputedAsymmetricPadding) {
  // x = [[1,2],[3,4]], 2x2 ones kernel, paddings top 1, bottom 0, left 0, right 1:
  // out (0,0) = 1+2, (0,1) = 2, (1,0) = 1+2+3+4, (1,1) = 2+4.
  OpRunner r("conv2d");
  r.SetInput("Input", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  r.SetInput("Filter", "w", {1, 1, 2, 2}, {1, 1, 1, 1});
  Tensor* out = r.SetOutput("Output", "out");
  r.desc().SetAttr<std::vector<int32_t>>("strides", {1, 1});
  r.desc().SetAttr<std::vector<int32_t>>("paddings", {1, 0, 0, 1});
  r.desc().SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  r.desc().SetAttr<int32_t>("groups", 1);
  r.Run();
  EXPECT_EQ(out->dims(), DDim({1, 1, 2, 2}));
  ExpectAllNear(ToVector(*out), {3, 2, 10, 6}, 1e-6f);
}

TEST(Conv2d, HandComputedDepthwiseWithRelu6) {
  // Two channels, one 1x1 filter each (x2 and x-3), bias (1, 0), relu6 epilogue.
  OpRunner r("depthwise_conv2d");
  r.SetInput("Input", "x", {1, 2, 1, 3}, {1, 2, 4, -1, -2, 5});
  r.SetInput("Filter", "w", {2, 1, 1, 1}, {2, -3});
  r.SetInput("Bias", "b", {2}, {1, 0});
  Tensor* out = r.SetOutput("Output", "out");
  r.desc().SetAttr<std::vector<int32_t>>("strides", {1, 1});
  r.desc().SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  r.desc().SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  r.desc().SetAttr<int32_t>("groups", 2);
  r.desc().SetAttr<std::string>("act_type", "relu6");
  r.desc().SetAttr<float>("act_threshold", 6.f);
  r.Run();
  // channel 0: 2x+1 = 3, 5, 9 -> 3, 5, 6; channel 1: -3x = 3, 6, -15 -> 3, 6, 0.
  ExpectAllNear(ToVector(*out), {3, 5, 6, 3, 6, 0}, 1e-6f);
}

TEST(Conv2d, HandComputedSamePadding) {
  // SAME, stride 2 on a 1x4 row with a 1x3 kernel (1, 10, 100): out = ceil(4/2) = 2,
  // pad_sum = (2-1)*2 + 3 - 4 = 1 -> left 0, right 1.
  // out0 = 1*1 + 2*10 + 3*100, out1 = 3*1 + 4*10 + 0*100.
  OpRunner r("conv2d");
  r.SetInput("Input", "x", {1, 1, 1, 4}, {1, 2, 3, 4});
  r.SetInput("Filter", "w", {1, 1, 1, 3}, {1, 10, 100});
  Tensor* out = r.SetOutput("Output", "out");
  r.desc().SetAttr<std::vector<int32_t>>("strides", {1, 2});
  r.desc().SetAttr<std::vector<int32_t>>("paddings", {5, 5});  // ignored by SAME
  r.desc().SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  r.desc().SetAttr<int32_t>("groups", 1);
  r.desc().SetAttr<std::string>("padding_algorithm", "SAME");
  r.Run();
  EXPECT_EQ(out->dims(), DDim({1, 1, 1, 2}));
  ExpectAllNear(ToVector(*out), {321, 43}, 1e-5f);
}

TEST(Conv2d, SweepAgainstDirectConvolution) {
  std::vector<ConvCase> cases;
  auto add = [&cases](ConvCase p) { cases.push_back(p); };
  ConvCase p;
  // 1x1 convolutions, odd channel counts, 1x1 spatial.
  p = {};
  p.n = 2, p.c = 3, p.h = 5, p.w = 7, p.out_c = 5;
  add(p);
  p = {};
  p.c = 7, p.h = 1, p.w = 1, p.out_c = 3, p.bias = true;
  add(p);
  // 3x3 with symmetric padding, stride 2, bias, every fused activation.
  for (const char* act : {"", "relu", "relu6", "leaky_relu", "hard_swish"}) {
    p = {};
    p.n = 1, p.c = 3, p.h = 9, p.w = 8, p.out_c = 4, p.kh = 3, p.kw = 3;
    p.strides = {2, 2}, p.paddings = {1, 1}, p.bias = true, p.act = act;
    add(p);
  }
  // Dilation 2, asymmetric 4-value paddings, non-square kernel and strides.
  p = {};
  p.n = 1, p.c = 2, p.h = 11, p.w = 9, p.out_c = 3, p.kh = 3, p.kw = 2;
  p.strides = {1, 2}, p.paddings = {2, 0, 1, 3}, p.dilations = {2, 2}, p.bias = true;
  add(p);
  p = {};
  p.n = 2, p.c = 5, p.h = 6, p.w = 7, p.out_c = 5, p.kh = 5, p.kw = 3;
  p.strides = {2, 1}, p.paddings = {0, 3, 2, 1}, p.dilations = {1, 2};
  add(p);
  // Grouped (groups 2 and 3) and depthwise (groups == channels, also with a multiplier).
  p = {};
  p.n = 1, p.c = 4, p.h = 7, p.w = 7, p.out_c = 6, p.kh = 3, p.kw = 3, p.groups = 2;
  p.paddings = {1, 1}, p.bias = true, p.act = "relu";
  add(p);
  p = {};
  p.n = 2, p.c = 6, p.h = 5, p.w = 6, p.out_c = 9, p.kh = 3, p.kw = 1, p.groups = 3;
  p.strides = {2, 1}, p.paddings = {1, 2, 0, 0};
  add(p);
  for (const char* op : {"conv2d", "depthwise_conv2d"}) {
    p = {};
    p.op = op;
    p.n = 1, p.c = 5, p.h = 9, p.w = 10, p.out_c = 5, p.kh = 3, p.kw = 3, p.groups = 5;
    p.strides = {2, 2}, p.paddings = {1, 1}, p.bias = true, p.act = "hard_swish";
    add(p);
  }
  p = {};
  p.op = "depthwise_conv2d";
  p.n = 1, p.c = 3, p.h = 8, p.w = 8, p.out_c = 6, p.kh = 5, p.kw = 5, p.groups = 3;
  p.paddings = {2, 1, 2, 1}, p.dilations = {2, 1}, p.act = "leaky_relu";
  add(p);
  // SAME and VALID for strides 1/2 and even/odd sizes; SAME ignores dilation as Paddle does.
  for (const char* alg : {"SAME", "VALID", "EXPLICIT"}) {
    for (int stride : {1, 2}) {
      for (int size : {6, 7}) {
        p = {};
        p.n = 1, p.c = 3, p.h = size, p.w = size + 1, p.out_c = 2, p.kh = 3, p.kw = 4;
        p.strides = {stride, stride}, p.paddings = {1, 2}, p.dilations = {2, 1};
        p.padding_algorithm = alg, p.bias = true;
        add(p);
      }
    }
  }
  // C++ truncation: in + pads - window = -1, stride 2 -> output 1 (floor would give 0).
  p = {};
  p.n = 1, p.c = 2, p.h = 2, p.w = 4, p.out_c = 2, p.kh = 3, p.kw = 3, p.strides = {2, 2};
  add(p);
  uint32_t seed = 100;
  for (const ConvCase& c : cases) RunAndCompare(c, seed += 7);
}

TEST(Conv2d, RerunsWhenTheInputShapeChanges) {
  // SAME padding depends on the input size: a second shape must recompute it.
  ConvCase p;
  p.c = 2, p.out_c = 2, p.kh = 3, p.kw = 3, p.strides = {2, 2}, p.padding_algorithm = "SAME";
  OpRunner r("conv2d");
  const std::vector<float> w = RandomVector(2 * 2 * 9, -1, 1, 5);
  r.SetInput("Filter", "w", {2, 2, 3, 3}, w);
  Tensor* x = r.SetInput("Input", "x", {1, 2, 5, 5}, RandomVector(50, -1, 1, 6));
  Tensor* out = r.SetOutput("Output", "out");
  SetConvAttrs(&r, p);
  r.Run();
  p.h = p.w = 5;
  EXPECT_EQ(out->dims(), DDim(DirectConv(p, ToVector(*x), w, {}).dims));

  // Same op instance, new input size.
  const std::vector<float> x2 = RandomVector(2 * 8 * 6, -1, 1, 7);
  x->Resize({1, 2, 8, 6});
  std::copy(x2.begin(), x2.end(), x->mutable_data<float>());
  r.op()->InferShape();
  auto kernel = KernelRegistry::Create(*FindKernel("conv2d", Place(TargetType::kHost)));
  r.op()->AttachKernel(kernel.get());
  kernel->Launch();
  p.h = 8, p.w = 6;
  const Reference ref = DirectConv(p, x2, w, {});
  ASSERT_EQ(out->dims(), DDim(ref.dims));
  ExpectAllNear(ToVector(*out), ref.values, 1e-5f, 1e-5f);
}

// ---------------------------------------------------------------- error paths

// A conv2d with stride 1, no padding, no dilation, groups 1.
void SetUpConv(OpRunner* r, const DDim& x, const DDim& w) {
  r->SetInput("Input", "x", x, std::vector<float>(x.production(), 1.f));
  r->SetInput("Filter", "w", w, std::vector<float>(w.production(), 1.f));
  r->SetOutput("Output", "out");
  r->desc().SetAttr<std::vector<int32_t>>("strides", {1, 1});
  r->desc().SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  r->desc().SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  r->desc().SetAttr<int32_t>("groups", 1);
}

TEST(Conv2dErrors, WrongChannelCount) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 4, 5, 5}, {2, 3, 3, 3});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "Input has 4 channels");
}

TEST(Conv2dErrors, OutputChannelsNotDivisibleByGroups) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 4, 5, 5}, {3, 2, 3, 3});
  r.desc().SetAttr<int32_t>("groups", 2);
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "not divisible by groups=2");
}

TEST(Conv2dErrors, NonFourDInput) {
  OpRunner r("conv2d");
  SetUpConv(&r, {4, 5, 5}, {2, 4, 3, 3});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "Input must be 4-D");
}

TEST(Conv2dErrors, BiasSize) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 2, 5, 5}, {3, 2, 3, 3});
  r.SetInput("Bias", "b", {2}, {0, 0});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "Bias has 2 values");
}

TEST(Conv2dErrors, BadPaddingAlgorithm) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 2, 5, 5}, {3, 2, 3, 3});
  r.desc().SetAttr<std::string>("padding_algorithm", "FULL");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "padding_algorithm 'FULL'");
}

TEST(Conv2dErrors, NhwcDataFormat) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 2, 5, 5}, {3, 2, 3, 3});
  r.desc().SetAttr<std::string>("data_format", "NHWC");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "data_format 'NHWC'");
}

TEST(Conv2dErrors, NonPositiveOutput) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 2, 3, 3}, {3, 2, 5, 5});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "is not positive");
}

TEST(Conv2dErrors, BadPaddingsCount) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 2, 5, 5}, {3, 2, 3, 3});
  r.desc().SetAttr<std::vector<int32_t>>("paddings", {1, 1, 1});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "'paddings' must have 2 or 4 values");
}

TEST(Conv2dErrors, ResidualDataUnsupported) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 2, 5, 5}, {3, 2, 3, 3});
  r.SetInput("ResidualData", "res", {1, 3, 3, 3}, std::vector<float>(27, 0.f));
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "ResidualData");
}

TEST(Conv2d, EmptyOptionalArgumentsAsExported) {
  // Paddle exports list Bias and ResidualData with no arguments.
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 1, 2, 2}, {1, 1, 1, 1});
  r.desc().SetInput("Bias", {});
  r.desc().SetInput("ResidualData", {});
  r.desc().SetAttr<std::string>("data_format", "AnyLayout");
  r.Run();
  ExpectAllNear(ToVector(*r.Var("out")), {1, 1, 1, 1}, 0.f);
}

TEST(Conv2dErrors, UnsupportedFusedActivation) {
  OpRunner r("conv2d");
  SetUpConv(&r, {1, 2, 5, 5}, {3, 2, 3, 3});
  r.desc().SetAttr<std::string>("act_type", "softplus");
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, "unsupported activation 'softplus'");
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
