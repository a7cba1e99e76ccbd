// conv2d_transpose / depthwise_conv2d_transpose host kernel against hand-worked values and
// a naive routine written in the gradient form: zero-insert the input by the stride, pad
// it by dilation * (k - 1) - pad, and correlate with the flipped filter.
#include <algorithm>
#include <string>
#include <vector>

#include "lite/tests/kernels/kernel_test_util.h"
#include "lite/utils/string.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

struct TransposeCase {
  int n{1}, c{1}, h{1}, w{1};
  int out_c{1}, kh{1}, kw{1};
  int groups{1};
  std::vector<int> strides{1, 1};
  std::vector<int> paddings{0, 0};
  std::vector<int> dilations{1, 1};
  std::vector<int> output_padding;  // empty: attribute absent
  std::vector<int> output_size;     // empty: attribute absent
  std::string padding_algorithm;    // empty: attribute absent (EXPLICIT)
  bool bias{false};
  std::string op{"conv2d_transpose"};
};

std::string Describe(const TransposeCase& p) {
  return StrCat(p.op, " x[", p.n, ",", p.c, ",", p.h, ",", p.w, "] out_c=", p.out_c, " k=", p.kh,
                "x", p.kw, " groups=", p.groups, " strides=", p.strides, " paddings=", p.paddings,
                " dilations=", p.dilations, " output_padding=", p.output_padding,
                " output_size=", p.output_size, " alg=", p.padding_algorithm, " bias=", p.bias);
}

struct Reference {
  std::vector<int64_t> dims;
  std::vector<float> values;
};

// The transposed conv as a plain correlation over the zero-inserted, padded input.
Reference GradientFormConvTranspose(const TransposeCase& p, const std::vector<float>& x,
                                    const std::vector<float>& w, const std::vector<float>& bias) {
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
    // Paddle: padding as conv2d's SAME would use for this input, kernel undilated.
    for (int i = 0; i < 2; ++i) {
      const int out = (in[i] + p.strides[i] - 1) / p.strides[i];
      const int sum = std::max((out - 1) * p.strides[i] + k[i] - in[i], 0);
      pad[2 * i] = sum / 2;
      pad[2 * i + 1] = sum - sum / 2;
      dil[i] = 1;
    }
  }
  int out[2];
  for (int i = 0; i < 2; ++i) {
    out[i] = (in[i] - 1) * p.strides[i] - pad[2 * i] - pad[2 * i + 1] + dil[i] * (k[i] - 1) + 1;
    if (!p.output_size.empty()) {
      out[i] = p.output_size[i];
    } else if (!p.output_padding.empty()) {
      out[i] += p.output_padding[i];
    }
  }
  // Zero-inserted input: z[q] = x[q / stride] where stride divides q, else 0.
  const int z_h = (p.h - 1) * p.strides[0] + 1, z_w = (p.w - 1) * p.strides[1] + 1;
  // The padded image starts `lead` rows before z (a negative lead crops z instead).
  const int lead_h = dil[0] * (p.kh - 1) - pad[0], lead_w = dil[1] * (p.kw - 1) - pad[2];
  auto padded = [&](int n, int c, int r, int s) -> double {
    const int zr = r - lead_h, zs = s - lead_w;
    if (zr < 0 || zr >= z_h || zs < 0 || zs >= z_w) return 0.0;
    if (zr % p.strides[0] != 0 || zs % p.strides[1] != 0) return 0.0;
    return x[((n * p.c + c) * p.h + zr / p.strides[0]) * p.w + zs / p.strides[1]];
  };
  const int cin_g = p.c / p.groups, cout_g = p.out_c / p.groups;
  Reference r;
  r.dims = {p.n, p.out_c, out[0], out[1]};
  r.values.assign(static_cast<size_t>(p.n) * p.out_c * out[0] * out[1], 0.f);
  for (int n = 0; n < p.n; ++n)
    for (int oc = 0; oc < p.out_c; ++oc)
      for (int y = 0; y < out[0]; ++y)
        for (int x0 = 0; x0 < out[1]; ++x0) {
          const int g = oc / cout_g, kc = oc % cout_g;
          double sum = bias.empty() ? 0.0 : bias[oc];
          for (int icg = 0; icg < cin_g; ++icg) {
            const int ic = g * cin_g + icg;
            for (int i = 0; i < p.kh; ++i)
              for (int j = 0; j < p.kw; ++j) {
                // Flipped filter: tap i of the correlation is filter row kh - 1 - i.
                const float tap =
                    w[((ic * cout_g + kc) * p.kh + (p.kh - 1 - i)) * p.kw + (p.kw - 1 - j)];
                sum += padded(n, ic, y + i * dil[0], x0 + j * dil[1]) * tap;
              }
          }
          r.values[((n * p.out_c + oc) * out[0] + y) * out[1] + x0] = static_cast<float>(sum);
        }
  return r;
}

void SetAttrs(OpRunner* r, const TransposeCase& p) {
  r->desc().SetAttr<std::vector<int32_t>>("strides", p.strides);
  r->desc().SetAttr<std::vector<int32_t>>("paddings", p.paddings);
  r->desc().SetAttr<std::vector<int32_t>>("dilations", p.dilations);
  r->desc().SetAttr<int32_t>("groups", p.groups);
  // Paddle exports write both lists, empty when unused.
  r->desc().SetAttr<std::vector<int32_t>>("output_padding", p.output_padding);
  r->desc().SetAttr<std::vector<int32_t>>("output_size", p.output_size);
  r->desc().SetAttr<std::string>("data_format", "NCHW");
  if (!p.padding_algorithm.empty()) {
    r->desc().SetAttr<std::string>("padding_algorithm", p.padding_algorithm);
  }
}

// Binds the case's tensors (x, filter, optional bias) and attributes.
Tensor* Prepare(OpRunner* r, const TransposeCase& p, const std::vector<float>& x,
                const std::vector<float>& w, const std::vector<float>& bias) {
  r->SetInput("Input", "x", {p.n, p.c, p.h, p.w}, x);
  r->SetInput("Filter", "w", {p.c, p.out_c / p.groups, p.kh, p.kw}, w);
  if (p.bias) r->SetInput("Bias", "b", {p.out_c}, bias);
  Tensor* out = r->SetOutput("Output", "out");
  SetAttrs(r, p);
  return out;
}

void RunAndCompare(const TransposeCase& p, uint32_t seed) {
  SCOPED_TRACE(Describe(p));
  const auto x = RandomVector(static_cast<size_t>(p.n) * p.c * p.h * p.w, -2.f, 2.f, seed);
  const auto w = RandomVector(static_cast<size_t>(p.c) * (p.out_c / p.groups) * p.kh * p.kw, -1.f,
                              1.f, seed + 1);
  const auto bias = p.bias ? RandomVector(p.out_c, -1.f, 1.f, seed + 2) : std::vector<float>();
  const Reference ref = GradientFormConvTranspose(p, x, w, bias);
  OpRunner r(p.op);
  Tensor* out = Prepare(&r, p, x, w, bias);
  r.Run();
  ASSERT_EQ(out->dims(), DDim(ref.dims));
  ExpectAllNear(ToVector(*out), ref.values, 1e-5f, 1e-5f);
}

TEST(Conv2dTranspose, HandWorkedStride2Upsample) {
  // Each input pixel writes x * filter into its own 2x2 block (k2 s2, the DB head's form):
  // 1*[1 2;3 4], 2*[1 2;3 4] right of it, 3*.. and 4*.. below; plus bias 0.5.
  OpRunner r("conv2d_transpose");
  r.SetInput("Input", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  r.SetInput("Filter", "w", {1, 1, 2, 2}, {1, 2, 3, 4});
  r.SetInput("Bias", "b", {1}, {0.5f});
  Tensor* out = r.SetOutput("Output", "out");
  r.desc().SetAttr<std::vector<int32_t>>("strides", {2, 2});
  r.desc().SetAttr<std::vector<int32_t>>("paddings", {0, 0});
  r.desc().SetAttr<std::vector<int32_t>>("dilations", {1, 1});
  r.desc().SetAttr<int32_t>("groups", 1);
  r.Run();
  EXPECT_EQ(out->dims(), DDim({1, 1, 4, 4}));
  ExpectAllNear(ToVector(*out),
                {1.5f, 2.5f, 2.5f, 4.5f,     //
                 3.5f, 4.5f, 6.5f, 8.5f,     //
                 3.5f, 6.5f, 4.5f, 8.5f,     //
                 9.5f, 12.5f, 12.5f, 16.5f},
                1e-6f);
}

TEST(Conv2dTranspose, HandWorkedOverlapAndPaddingCrop) {
  // x = (1, 2), filter (1, 10), stride 1: windows overlap, out = (1, 10 + 2, 20);
  // padding 1 on the width crops one column each side, leaving (12).
  for (int pad : {0, 1}) {
    SCOPED_TRACE(StrCat("pad ", pad));
    OpRunner r("conv2d_transpose");
    r.SetInput("Input", "x", {1, 1, 1, 2}, {1, 2});
    r.SetInput("Filter", "w", {1, 1, 1, 2}, {1, 10});
    Tensor* out = r.SetOutput("Output", "out");
    r.desc().SetAttr<std::vector<int32_t>>("paddings", {0, pad});
    r.Run();
    if (pad == 0) {
      EXPECT_EQ(out->dims(), DDim({1, 1, 1, 3}));
      ExpectAllNear(ToVector(*out), {1, 12, 20}, 1e-6f);
    } else {
      EXPECT_EQ(out->dims(), DDim({1, 1, 1, 1}));
      ExpectAllNear(ToVector(*out), {12}, 1e-6f);
    }
  }
}

TEST(Conv2dTranspose, HandWorkedOutputPaddingHoldsBias) {
  // One pixel 2, 1x1 filter 3, stride 2, output_padding (1, 1): a 2x2 output whose
  // first element is 2*3 + 1 and whose added row and column hold only the bias 1.
  OpRunner r("conv2d_transpose");
  r.SetInput("Input", "x", {1, 1, 1, 1}, {2});
  r.SetInput("Filter", "w", {1, 1, 1, 1}, {3});
  r.SetInput("Bias", "b", {1}, {1});
  Tensor* out = r.SetOutput("Output", "out");
  r.desc().SetAttr<std::vector<int32_t>>("strides", {2, 2});
  r.desc().SetAttr<std::vector<int32_t>>("output_padding", {1, 1});
  r.Run();
  EXPECT_EQ(out->dims(), DDim({1, 1, 2, 2}));
  ExpectAllNear(ToVector(*out), {7, 1, 1, 1}, 1e-6f);
}

TEST(Conv2dTranspose, HandWorkedFusedActivationAfterBias) {
  // x (1, -1), filter 2, stride 1, bias -1: pre-activation (1, -3); relu6 gives (1, 0),
  // leaky_relu alpha 0.1 gives (1, -0.3). The fusion passes write act_type this way.
  for (const std::string act : {"relu6", "leaky_relu"}) {
    SCOPED_TRACE(act);
    OpRunner r("conv2d_transpose");
    r.SetInput("Input", "x", {1, 1, 1, 2}, {1, -1});
    r.SetInput("Filter", "w", {1, 1, 1, 1}, {2});
    r.SetInput("Bias", "b", {1}, {-1});
    Tensor* out = r.SetOutput("Output", "out");
    r.desc().SetAttr<std::string>("act_type", act);
    if (act == "leaky_relu") r.desc().SetAttr<float>("act_alpha", 0.1f);
    r.Run();
    ExpectAllNear(ToVector(*out),
                  act == "relu6" ? std::vector<float>{1, 0} : std::vector<float>{1, -0.3f}, 1e-6f);
  }
  OpRunner bad("conv2d_transpose");
  bad.SetInput("Input", "x", {1, 1, 1, 2}, {1, -1});
  bad.SetInput("Filter", "w", {1, 1, 1, 1}, {2});
  bad.SetOutput("Output", "out");
  bad.desc().SetAttr<std::string>("act_type", "softmax");
  ExpectErrorContaining([&] { bad.Run(); }, "conv2d_transpose");
}

TEST(Conv2dTranspose, MatchesGradientForm) {
  std::vector<TransposeCase> cases;
  auto add = [&](TransposeCase p) { cases.push_back(p); };
  TransposeCase p;
  // The DB head's upsampling: k2 s2, bias.
  p = {};
  p.c = 8, p.h = 5, p.w = 7, p.out_c = 4, p.kh = p.kw = 2, p.strides = {2, 2}, p.bias = true;
  add(p);
  // Stride 1, k3, pad 1, no bias; batch 2.
  p = {};
  p.n = 2, p.c = 3, p.h = 6, p.w = 5, p.out_c = 2, p.kh = p.kw = 3, p.paddings = {1, 1};
  add(p);
  // Stride 3, odd sizes, batch 2, bias.
  p = {};
  p.n = 2, p.c = 2, p.h = 3, p.w = 5, p.out_c = 3, p.kh = 3, p.kw = 5, p.strides = {3, 3};
  p.paddings = {1, 2}, p.bias = true;
  add(p);
  // Mixed strides (1, 3) and a padding wider than the dilated kernel less one (crops).
  p = {};
  p.c = 2, p.h = 4, p.w = 3, p.out_c = 2, p.kh = p.kw = 2, p.strides = {1, 3};
  p.paddings = {1, 2};
  add(p);
  // Groups 2.
  p = {};
  p.c = 4, p.h = 5, p.w = 4, p.out_c = 6, p.kh = p.kw = 3, p.groups = 2, p.strides = {2, 2};
  p.paddings = {1, 1}, p.bias = true;
  add(p);
  // Groups 3, one output channel per input channel group of 2.
  p = {};
  p.n = 2, p.c = 6, p.h = 3, p.w = 3, p.out_c = 3, p.kh = 2, p.kw = 3, p.groups = 3;
  p.strides = {2, 1};
  add(p);
  // depthwise_conv2d_transpose: groups == channels.
  p = {};
  p.c = 3, p.h = 4, p.w = 5, p.out_c = 3, p.kh = p.kw = 3, p.groups = 3, p.strides = {2, 2};
  p.paddings = {1, 1}, p.bias = true, p.op = "depthwise_conv2d_transpose";
  add(p);
  // 4-element asymmetric paddings.
  p = {};
  p.c = 2, p.h = 5, p.w = 6, p.out_c = 3, p.kh = 4, p.kw = 3, p.strides = {2, 2};
  p.paddings = {1, 0, 2, 1}, p.bias = true;
  add(p);
  // Dilation 2 (h), 1 (w), and 2 on both with stride 1.
  p = {};
  p.c = 2, p.h = 4, p.w = 5, p.out_c = 2, p.kh = p.kw = 3, p.strides = {2, 2};
  p.paddings = {1, 2}, p.dilations = {2, 1};
  add(p);
  p = {};
  p.c = 1, p.h = 5, p.w = 5, p.out_c = 2, p.kh = p.kw = 3, p.dilations = {2, 2};
  p.paddings = {0, 1, 2, 0}, p.bias = true;
  add(p);
  // output_padding below the stride, and below the dilation where it exceeds the stride.
  p = {};
  p.c = 2, p.h = 3, p.w = 4, p.out_c = 2, p.kh = p.kw = 3, p.strides = {2, 3};
  p.paddings = {1, 1}, p.output_padding = {1, 2}, p.bias = true;
  add(p);
  p = {};
  p.c = 1, p.h = 4, p.w = 3, p.out_c = 1, p.kh = p.kw = 2, p.dilations = {2, 2};
  p.output_padding = {1, 0};
  add(p);
  // output_size: the inferred size plus 1 (h, stride 2) and plus 2 (w, stride 3).
  p = {};
  p.c = 2, p.h = 4, p.w = 3, p.out_c = 2, p.kh = p.kw = 3, p.strides = {2, 3};
  p.paddings = {1, 1}, p.output_size = {(4 - 1) * 2 - 2 + 3 + 1, (3 - 1) * 3 - 2 + 3 + 2};
  add(p);
  // SAME: k3 s2 on odd and even sizes, k2 s2, and a dilation SAME resets to 1.
  p = {};
  p.c = 2, p.h = 5, p.w = 6, p.out_c = 3, p.kh = p.kw = 3, p.strides = {2, 2};
  p.paddings = {4, 4}, p.padding_algorithm = "SAME", p.bias = true;
  add(p);
  p = {};
  p.c = 1, p.h = 3, p.w = 4, p.out_c = 2, p.kh = p.kw = 2, p.strides = {2, 2};
  p.padding_algorithm = "SAME";
  add(p);
  p = {};
  p.c = 2, p.h = 4, p.w = 5, p.out_c = 2, p.kh = 3, p.kw = 5, p.strides = {1, 3};
  p.dilations = {2, 2}, p.padding_algorithm = "SAME";
  add(p);
  // VALID ignores paddings.
  p = {};
  p.n = 2, p.c = 2, p.h = 3, p.w = 4, p.out_c = 2, p.kh = p.kw = 3, p.strides = {2, 2};
  p.paddings = {1, 1}, p.padding_algorithm = "VALID", p.bias = true;
  add(p);

  uint32_t seed = 100;
  for (const TransposeCase& c : cases) {
    RunAndCompare(c, seed);
    seed += 3;
  }
}

TEST(Conv2dTranspose, SameWithKernelEqualToStride) {
  // k == stride: SAME pads nothing where the stride divides the input (6 -> 12) and one
  // row where it does not (7: ceil(7/2) = 4, pad_sum = 3*2 + 2 - 7 = 1 -> 6*2 - 1 + 2 = 13),
  // as Paddle computes it from the input size.
  TransposeCase p;
  p.c = 2, p.h = 6, p.w = 7, p.out_c = 2, p.kh = p.kw = 2, p.strides = {2, 2};
  p.padding_algorithm = "SAME";
  OpRunner r(p.op);
  Tensor* out = Prepare(&r, p, std::vector<float>(2 * 6 * 7, 1.f),
                        std::vector<float>(2 * 2 * 2 * 2, 1.f), {});
  r.InferShapeOnly();
  EXPECT_EQ(out->dims(), DDim({1, 2, 12, 13}));
}

// Binds a small valid case, lets `edit` break it, and expects a load-time error.
template <typename Edit>
void ExpectLoadError(Edit edit, const std::string& needle) {
  TransposeCase p;
  p.c = 2, p.h = 3, p.w = 3, p.out_c = 2, p.kh = p.kw = 2, p.strides = {2, 2};
  edit(&p);
  SCOPED_TRACE(Describe(p));
  OpRunner r(p.op);
  Prepare(&r, p, std::vector<float>(p.n * p.c * p.h * p.w),
          std::vector<float>(p.c * (p.out_c / p.groups) * p.kh * p.kw), {});
  ExpectErrorContaining([&] { r.InferShapeOnly(); }, needle);
}

TEST(Conv2dTransposeOp, RejectsBadAttributesAndShapes) {
  // Inferred 6x6 at stride 2: output_size must lie in [6, 8).
  ExpectLoadError([](TransposeCase* p) { p->output_size = {8, 6}; },
                  "op 'conv2d_transpose': attribute 'output_size' [8, 6] has height 8, outside "
                  "[6, 8)");
  ExpectLoadError([](TransposeCase* p) { p->output_size = {6, 5}; },
                  "has width 5, outside [6, 8)");
  ExpectLoadError([](TransposeCase* p) { p->output_size = {6}; },
                  "attribute 'output_size' must be empty or have 2 values");
  ExpectLoadError([](TransposeCase* p) { p->output_padding = {2, 0}; },
                  "attribute 'output_padding' [2, 0] has height 2, must be below max(stride, "
                  "dilation) = 2");
  ExpectLoadError([](TransposeCase* p) { p->paddings = {1, 1, 1}; },
                  "attribute 'paddings' must have 2 or 4 values");
  ExpectLoadError([](TransposeCase* p) { p->groups = 4; },
                  "Input channels 2 are not divisible by groups=4");
  ExpectLoadError([](TransposeCase* p) { p->padding_algorithm = "FULL"; },
                  "unsupported attribute padding_algorithm 'FULL'");
  ExpectLoadError(
      [](TransposeCase* p) {
        p->h = 1, p->w = 1, p->kh = p->kw = 1, p->strides = {1, 1}, p->paddings = {1, 1};
      },
      "output size -1x-1 is not positive");
}

TEST(Conv2dTransposeOp, RejectsInputChannelMismatch) {
  OpRunner r("conv2d_transpose");
  r.SetInput("Input", "x", {1, 3, 2, 2}, std::vector<float>(12));
  r.SetInput("Filter", "w", {2, 1, 2, 2}, std::vector<float>(8));
  r.SetOutput("Output", "out");
  ExpectErrorContaining([&] { r.InferShapeOnly(); },
                        "op 'conv2d_transpose': Input has 3 channels but Filter [2, 1, 2, 2] "
                        "expects 2");
}

TEST(Conv2dTransposeOp, RejectsWrongBiasSize) {
  OpRunner r("conv2d_transpose");
  r.SetInput("Input", "x", {1, 2, 2, 2}, std::vector<float>(8));
  r.SetInput("Filter", "w", {2, 3, 2, 2}, std::vector<float>(24));
  r.SetInput("Bias", "b", {2}, {0, 0});
  r.SetOutput("Output", "out");
  ExpectErrorContaining([&] { r.InferShapeOnly(); },
                        "Bias has 2 values, expected one per output channel (3)");
}

TEST(Conv2dTransposeOp, RejectsNhwcAndFusedEpilogues) {
  auto attach = [](const std::string& op, auto set_attr) {
    OpRunner r(op);
    r.SetInput("Input", "x", {1, 1, 2, 2}, std::vector<float>(4));
    r.SetInput("Filter", "w", {1, 1, 2, 2}, std::vector<float>(4));
    r.SetOutput("Output", "out");
    set_attr(&r.desc());
    r.InferShapeOnly();
  };
  ExpectErrorContaining(
      [&] {
        attach("conv2d_transpose",
               [](cpp::OpDesc* d) { d->SetAttr<std::string>("data_format", "NHWC"); });
      },
      "op 'conv2d_transpose': unsupported data_format 'NHWC' (only NCHW is supported)");
  ExpectErrorContaining(
      [&] {
        attach("depthwise_conv2d_transpose",
               [](cpp::OpDesc* d) { d->SetAttr<bool>("fuse_relu", true); });
      },
      "op 'depthwise_conv2d_transpose': attribute 'fuse_relu' = true");
  ExpectErrorContaining(
      [&] {
        attach("conv2d_transpose",
               [](cpp::OpDesc* d) { d->SetAttr<std::string>("fuse_activation", "relu"); });
      },
      "attribute 'fuse_activation' 'relu' is not supported");
  // Harmless attributes Paddle exports are accepted.
  attach("conv2d_transpose", [](cpp::OpDesc* d) {
    d->SetAttr<std::string>("data_format", "AnyLayout");
    d->SetAttr<bool>("fuse_relu", false);
    d->SetAttr<std::string>("fuse_activation", "");
    d->SetAttr<bool>("use_cudnn", true);
    d->SetAttr<bool>("use_mkldnn", false);
    d->SetAttr<bool>("is_test", true);
  });
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
