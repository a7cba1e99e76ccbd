// Translations of the PIR network layers, each on a small program written here and run on
// the host kernels, against values worked out in the test (by hand or by a naive loop).
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "lite/tests/model_parser/pir_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

using pirj::F32Tensor;

std::vector<float> Iota(int n, float start = 1.f, float step = 1.f) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = start + step * i;
  return v;
}

std::vector<float> Wavy(int n, float scale = 1.f) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = scale * std::sin(0.7f * i + 0.3f);
  return v;
}

struct ConvShape {
  int n, c, h, w, oc, k, stride, pad, groups;
};

// out[n][o][y][x] = sum over the group's input channels and taps (naive).
std::vector<double> NaiveConv(const ConvShape& s, const std::vector<float>& x,
                              const std::vector<float>& w, int* out_h, int* out_w) {
  *out_h = (s.h + 2 * s.pad - s.k) / s.stride + 1;
  *out_w = (s.w + 2 * s.pad - s.k) / s.stride + 1;
  const int icg = s.c / s.groups, ocg = s.oc / s.groups;
  std::vector<double> out(static_cast<size_t>(s.n) * s.oc * *out_h * *out_w, 0.0);
  for (int b = 0; b < s.n; ++b)
    for (int o = 0; o < s.oc; ++o)
      for (int y = 0; y < *out_h; ++y)
        for (int xx = 0; xx < *out_w; ++xx) {
          double acc = 0;
          const int g = o / ocg;
          for (int i = 0; i < icg; ++i)
            for (int ky = 0; ky < s.k; ++ky)
              for (int kx = 0; kx < s.k; ++kx) {
                const int iy = y * s.stride - s.pad + ky, ix = xx * s.stride - s.pad + kx;
                if (iy < 0 || iy >= s.h || ix < 0 || ix >= s.w) continue;
                acc += x[((b * s.c + g * icg + i) * s.h + iy) * s.w + ix] *
                       w[((o * icg + i) * s.k + ky) * s.k + kx];
              }
          out[((b * s.oc + o) * *out_h + y) * *out_w + xx] = acc;
        }
  return out;
}

PirAttrs ConvAttrs(const ConvShape& s) {
  return {{"strides", pirj::I32s({s.stride, s.stride})},
          {"paddings", pirj::I32s({s.pad, s.pad})},
          {"padding_algorithm", pirj::Str("EXPLICIT")},
          {"dilations", pirj::I32s({1, 1})},
          {"groups", pirj::I32(s.groups)},
          {"data_format", pirj::Str("NCHW")}};
}

void CheckConv(const std::string& op, const ConvShape& s) {
  const std::vector<float> x = Wavy(s.n * s.c * s.h * s.w);
  const std::vector<float> w = Wavy(s.oc * (s.c / s.groups) * s.k * s.k, 0.5f);
  int oh = 0, ow = 0;
  const std::vector<double> want = NaiveConv(s, x, w, &oh, &ow);
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, s.c, s.h, s.w});
  const PirValue filter = p.Param("conv.w_0", {s.oc, s.c / s.groups, s.k, s.k}, w);
  const PirValue out = p.Op1(op, {in, filter}, F32Tensor({-1, s.oc, oh, ow}), ConvAttrs(s));
  p.Fetch(out, "y");
  std::vector<int64_t> dims;
  ExpectNear(RunPir(p, {s.n, s.c, s.h, s.w}, x, &dims), want, 1e-4);
  EXPECT_EQ(dims, (std::vector<int64_t>{s.n, s.oc, oh, ow}));
}

TEST(PirNn, Conv2dAndDepthwise) {
  CheckConv("pd_op.conv2d", {1, 3, 5, 6, 4, 3, 1, 1, 1});
  CheckConv("pd_op.conv2d", {2, 4, 7, 7, 6, 3, 2, 0, 2});
  CheckConv("pd_op.depthwise_conv2d", {1, 4, 6, 5, 4, 3, 2, 1, 4});
}

TEST(PirNn, Conv2dTransposeWithEmptyOutputSize) {
  // DB head: k2 s2; out[y][x] = in[y/2][x/2] * w[ic][oc][y%2][x%2] summed over ic.
  const int c = 2, oc = 3, h = 2, w = 3;
  const std::vector<float> x = Wavy(c * h * w);
  const std::vector<float> f = Wavy(c * oc * 4, 0.5f);
  std::vector<double> want(oc * 2 * h * 2 * w, 0.0);
  for (int o = 0; o < oc; ++o)
    for (int y = 0; y < 2 * h; ++y)
      for (int xx = 0; xx < 2 * w; ++xx)
        for (int i = 0; i < c; ++i) {
          want[(o * 2 * h + y) * 2 * w + xx] +=
              x[(i * h + y / 2) * w + xx / 2] * f[((i * oc + o) * 2 + y % 2) * 2 + xx % 2];
        }
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, c, h, w});
  const PirValue filter = p.Param("deconv.w_0", {c, oc, 2, 2}, f);
  const PirValue size = p.FullIntArray({});
  const PirValue out =
      p.Op1("pd_op.conv2d_transpose", {in, filter, size}, F32Tensor({-1, oc, 2 * h, 2 * w}),
            {{"strides", pirj::I32s({2, 2})},
             {"paddings", pirj::I32s({0, 0})},
             {"output_padding", pirj::I32s({})},
             {"padding_algorithm", pirj::Str("EXPLICIT")},
             {"groups", pirj::I32(1)},
             {"dilations", pirj::I32s({1, 1})},
             {"data_format", pirj::Str("NCHW")}});
  p.Fetch(out, "y");
  ExpectNear(RunPir(p, {1, c, h, w}, x), want, 1e-5);
  EXPECT_EQ(TranslatedOpTypes(p),
            (std::vector<std::string>{"feed", "conv2d_transpose", "fetch"}));  // size folded
}

TEST(PirNn, BatchNormTakesMeanAndVarianceBeforeScaleAndBias) {
  const std::vector<float> mean = {1.f, -2.f}, var = {4.f, 0.25f}, scale = {2.f, 3.f},
                           bias = {0.5f, -1.f};
  PirProgramWriter p;
  const PirValue x = p.Data("x", {-1, 2, 1, 2});
  const PirValue m = p.Param("bn.w_1", {2}, mean);
  const PirValue v = p.Param("bn.w_2", {2}, var);
  const PirValue s = p.Param("bn.w_0", {2}, scale);
  const PirValue b = p.Param("bn.b_0", {2}, bias);
  const std::string c2 = F32Tensor({2});
  const auto outs = p.Op("pd_op.batch_norm_", {x, m, v, s, b},
                         {F32Tensor({-1, 2, 1, 2}), c2, c2, c2, c2, pirj::Tensor("ui8", {-1})},
                         {{"is_test", pirj::Bool(true)},
                          {"momentum", pirj::F32(0.9)},
                          {"epsilon", pirj::F32(0.0)},
                          {"data_format", pirj::Str("NCHW")},
                          {"use_global_stats", pirj::Bool(false)},
                          {"trainable_statistics", pirj::Bool(false)}});
  p.Fetch(outs[0], "y");
  // (x - mean) / sqrt(var) * scale + bias per channel: x = [3, 5 | 0, 1].
  ExpectNear(RunPir(p, {1, 2, 1, 2}, {3.f, 5.f, 0.f, 1.f}),
             {(3 - 1) / 2.0 * 2 + 0.5, (5 - 1) / 2.0 * 2 + 0.5, (0 + 2) / 0.5 * 3 - 1,
              (1 + 2) / 0.5 * 3 - 1},
             1e-5);
}

TEST(PirNn, Pool2dKernelSizeIsAnOperand) {
  const std::vector<float> x = Iota(16);  // 4x4: 1..16
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, 1, 4, 4});
  const PirValue k = p.FullIntArray({2, 2});
  auto pool = [](const std::string& type, bool adaptive) {
    return PirAttrs{{"strides", pirj::I32s({2, 2})},   {"paddings", pirj::I32s({0, 0})},
                    {"ceil_mode", pirj::Bool(false)},   {"exclusive", pirj::Bool(true)},
                    {"data_format", pirj::Str("NCHW")}, {"pooling_type", pirj::Str(type)},
                    {"global_pooling", pirj::Bool(false)}, {"adaptive", pirj::Bool(adaptive)},
                    {"padding_algorithm", pirj::Str("EXPLICIT")}};
  };
  const PirValue max = p.Op1("pd_op.pool2d", {in, k}, F32Tensor({-1, 1, 2, 2}), pool("max", false));
  const PirValue one = p.FullIntArray({1, 1});
  const PirValue avg =
      p.Op1("pd_op.pool2d", {in, one}, F32Tensor({-1, 1, 1, 1}), pool("avg", true));
  p.Fetch(max, "max");
  p.Fetch(avg, "avg");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 1, 4, 4}, x);
  predictor->Run();
  ExpectNear(PirOutput(*predictor, 0), {6, 8, 14, 16}, 0);
  ExpectNear(PirOutput(*predictor, 1), {8.5}, 1e-6);  // the mean of 1..16
}

TEST(PirNn, LayerNormOverTheTrailingDims) {
  const std::vector<float> x = {1, 2, 3, 4, -1, 0, 1, 6};
  const std::vector<float> scale = {1.f, 2.f, 0.5f, -1.f}, bias = {0.f, 1.f, 0.f, 2.f};
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, 4});
  const PirValue s = p.Param("ln.w_0", {4}, scale);
  const PirValue b = p.Param("ln.b_0", {4}, bias);
  const auto outs = p.Op("pd_op.layer_norm", {in, s, b},
                         {F32Tensor({-1, 4}), F32Tensor({-1}), F32Tensor({-1})},
                         {{"epsilon", pirj::F32(1e-5)}, {"begin_norm_axis", pirj::I32(1)}});
  p.Fetch(outs[0], "y");
  std::vector<double> want;
  for (int r = 0; r < 2; ++r) {
    double mean = 0, var = 0;
    for (int i = 0; i < 4; ++i) mean += x[r * 4 + i] / 4.0;
    for (int i = 0; i < 4; ++i) var += (x[r * 4 + i] - mean) * (x[r * 4 + i] - mean) / 4.0;
    for (int i = 0; i < 4; ++i) {
      want.push_back((x[r * 4 + i] - mean) / std::sqrt(var + 1e-5) * scale[i] + bias[i]);
    }
  }
  ExpectNear(RunPir(p, {2, 4}, x), want, 1e-5);
}

TEST(PirNn, GroupAndInstanceNorm) {
  const std::vector<float> x = Wavy(2 * 4 * 3);  // [2, 4, 1, 3]
  for (const bool group : {true, false}) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1, 4, 1, 3});
    const PirValue s = p.Param("n.w_0", {4}, {1.f, 2.f, 3.f, 4.f});
    const PirValue b = p.Param("n.b_0", {4}, {0.f, 0.5f, -0.5f, 1.f});
    PirAttrs attrs = {{"epsilon", pirj::F32(1e-5)}};
    if (group) {
      attrs.push_back({"groups", pirj::I32(2)});
      attrs.push_back({"data_format", pirj::Str("NCHW")});
    }
    const auto outs = p.Op(group ? "pd_op.group_norm" : "pd_op.instance_norm", {in, s, b},
                           {F32Tensor({-1, 4, 1, 3}), F32Tensor({-1}), F32Tensor({-1})}, attrs);
    p.Fetch(outs[0], "y");
    const int per = group ? 6 : 3;  // elements sharing statistics
    std::vector<double> want(x.size());
    for (size_t start = 0; start < x.size(); start += per) {
      double mean = 0, var = 0;
      for (int i = 0; i < per; ++i) mean += x[start + i] / per;
      for (int i = 0; i < per; ++i) var += (x[start + i] - mean) * (x[start + i] - mean) / per;
      for (int i = 0; i < per; ++i) {
        const int c = static_cast<int>(((start + i) / 3) % 4);
        want[start + i] = (x[start + i] - mean) / std::sqrt(var + 1e-5) * (c + 1) +
                          std::vector<double>{0, 0.5, -0.5, 1}[c];
      }
    }
    ExpectNear(RunPir(p, {2, 4, 1, 3}, x), want, 1e-4);
  }
}

PirAttrs InterpAttrs(const std::string& method, const std::vector<double>& scale, bool align) {
  return {{"data_format", pirj::Str("NCHW")}, {"out_d", pirj::I32(-1)},
          {"out_h", pirj::I32(-1)},          {"out_w", pirj::I32(-1)},
          {"scale", pirj::F32s(scale)},       {"interp_method", pirj::Str(method)},
          {"align_corners", pirj::Bool(align)}, {"align_mode", pirj::I32(0)}};
}

TEST(PirNn, NearestInterpByScale) {
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, 1, 2, 2});
  const PirValue out = p.Op1("pd_op.nearest_interp", {in, {}, {}, {}}, F32Tensor({-1, 1, 4, 4}),
                             InterpAttrs("nearest", {2.0, 2.0}, false));
  p.Fetch(out, "y");
  std::vector<int64_t> dims;
  ExpectNear(RunPir(p, {1, 1, 2, 2}, {1, 2, 3, 4}, &dims),
             {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}, 0);
  EXPECT_EQ(dims, (std::vector<int64_t>{1, 1, 4, 4}));
}

TEST(PirNn, BilinearInterpBySizeTensorList) {
  // 1x2 -> 1x4 without corner alignment (align_mode 0): src = (dst + 0.5) / 2 - 0.5,
  // clamped at 0: 0 -> 0, 1 -> 0.25, 2 -> 0.75, 3 -> 1.25 (read as 1).
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, 1, 1, 2});
  const PirValue h = p.Full({1}, 1, "int32");
  const PirValue w = p.Full({1}, 4, "int32");
  const PirValue sizes = p.Combine({h, w}, {pirj::Tensor("i32", {1}), pirj::Tensor("i32", {1})});
  const PirValue out = p.Op1("pd_op.bilinear_interp", {in, {}, sizes, {}},
                             F32Tensor({-1, 1, 1, 4}), InterpAttrs("bilinear", {}, false));
  p.Fetch(out, "y");
  ExpectNear(RunPir(p, {1, 1, 1, 2}, {10, 20}), {10, 12.5, 17.5, 20}, 1e-5);
  // The constant sizes became the op's out_h/out_w: no tensors were written for them.
  EXPECT_EQ(TranslatedOpTypes(p), (std::vector<std::string>{"feed", "bilinear_interp_v2", "fetch"}));
}

TEST(PirNn, Pad3dConstantAndReflect) {
  PirProgramWriter p;
  const PirValue in = p.Data("x", {-1, 1, 1, 1, 3});
  const PirValue pads = p.FullIntArray({1, 2, 0, 0, 0, 0});  // left 1, right 2 (along W)
  const PirValue c = p.Op1("pd_op.pad3d", {in, pads}, F32Tensor({-1, 1, 1, 1, 6}),
                           {{"mode", pirj::Str("constant")}, {"pad_value", pirj::F32(-1)},
                            {"data_format", pirj::Str("NCDHW")}});
  const PirValue r = p.Op1("pd_op.pad3d", {in, pads}, F32Tensor({-1, 1, 1, 1, 6}),
                           {{"mode", pirj::Str("reflect")}, {"pad_value", pirj::F64(0)},
                            {"data_format", pirj::Str("NCDHW")}});
  p.Fetch(c, "c");
  p.Fetch(r, "r");
  auto predictor = LoadPir(p);
  SetPirInput(predictor.get(), 0, {1, 1, 1, 1, 3}, {1, 2, 3});
  predictor->Run();
  ExpectNear(PirOutput(*predictor, 0), {-1, 1, 2, 3, -1, -1}, 0);
  ExpectNear(PirOutput(*predictor, 1), {2, 1, 2, 3, 2, 1}, 0);
}

TEST(PirNn, DropoutAtInference) {
  for (const std::string mode : {"upscale_in_train", "downgrade_in_infer"}) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1, 3});
    const PirValue prob = p.Full({1}, 0.25);
    const auto outs = p.Op("pd_op.dropout", {in, {}, prob},
                           {F32Tensor({-1, 3}), pirj::Tensor("ui8", {-1, 3})},
                           {{"is_test", pirj::Bool(true)}, {"mode", pirj::Str(mode)},
                            {"seed", pirj::I32(0)}, {"fix_seed", pirj::Bool(false)}});
    p.Fetch(outs[0], "y");
    const double k = mode == "upscale_in_train" ? 1.0 : 0.75;
    ExpectNear(RunPir(p, {1, 3}, {4, -8, 2}), {4 * k, -8 * k, 2 * k}, 1e-6);
  }
}

TEST(PirNn, PreluModes) {
  const std::vector<float> x = {-1, 2, -3, 4, -5, -6, 7, -8};  // [1, 2, 2, 2]
  struct Case {
    std::string mode;
    std::vector<int64_t> alpha_dims;
    std::vector<float> alpha;
  };
  for (const Case& c : {Case{"all", {1}, {0.5f}}, Case{"channel", {2}, {0.1f, 0.2f}},
                        Case{"element", {1, 2, 2, 2}, Iota(8, 0.1f, 0.1f)}}) {
    PirProgramWriter p;
    const PirValue in = p.Data("x", {-1, 2, 2, 2});
    const PirValue alpha = p.Param("prelu.w_0", c.alpha_dims, c.alpha);
    const PirValue out = p.Op1("pd_op.prelu", {in, alpha}, F32Tensor({-1, 2, 2, 2}),
                               {{"data_format", pirj::Str("NCHW")}, {"mode", pirj::Str(c.mode)}});
    p.Fetch(out, "y");
    std::vector<double> want;
    for (int i = 0; i < 8; ++i) {
      const float a = c.mode == "all" ? c.alpha[0] : c.mode == "channel" ? c.alpha[i / 4] : c.alpha[i];
      want.push_back(x[i] > 0 ? x[i] : a * x[i]);
    }
    ExpectNear(RunPir(p, {1, 2, 2, 2}, x), want, 1e-6);
  }
}

TEST(PirNn, GridSampleCornersCentresAndOutside) {
  // X = [[1, 2], [3, 4]]; with align_corners, (-1, -1) is pixel (0, 0), (1, 1) pixel (1, 1),
  // (0, 0) the centre, (-1, 1) is x 0 y 1; (2, 0) lies outside: zeros padding reads 0
  // there, border padding clamps it to x 1.
  const std::vector<float> grid = {-1, -1, 1, 1, 0, 0, -1, 1, 3, 0};
  for (const std::string padding : {"zeros", "border"}) {
    PirProgramWriter p;
    const PirValue x = p.Data("x", {-1, 1, 2, 2});
    const PirValue g = p.Param("grid", {1, 1, 5, 2}, grid);
    const PirValue out = p.Op1("pd_op.grid_sample", {x, g}, F32Tensor({-1, 1, 1, 5}),
                               {{"mode", pirj::Str("bilinear")},
                                {"padding_mode", pirj::Str(padding)},
                                {"align_corners", pirj::Bool(true)}});
    p.Fetch(out, "y");
    // x = 3 maps to pixel 2: its left neighbour (x 1) has weight 0 too, so zeros gives 0.
    const double outside = padding == "zeros" ? 0.0 : (2 + 4) / 2.0;
    ExpectNear(RunPir(p, {1, 1, 2, 2}, {1, 2, 3, 4}), {1, 4, 2.5, 3, outside}, 1e-6);
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
