// Winograd F(4x4, 3x3) / F(2x2, 3x3) convolution on x86: the conv2d x86 kernel against the
// host kernel (the reference) on shapes that take each Winograd path, the selection rule,
// and WinogradConv3x3 itself against a plain double-precision loop on every variant and
// transform ISA.
//
// Tolerance: Winograd reorders and rescales the sums (the input transform multiplies by up
// to 5, the output one by up to 8), so its rounding error is a few times im2col + GEMM's:
// |x86 - host| <= 1e-5 * K + 1e-4 * |host| with K = 9 * C_in products of |x| <= 2 and
// |w| <= 1. An indexing, padding or transform bug is off by O(1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "lite/backends/x86/cpu_info.h"
#include "lite/backends/x86/math/winograd/conv_winograd.h"
#include "lite/core/thread_pool.h"
#include "lite/kernels/x86/conv_winograd_compute.h"
#include "lite/tests/backends/x86/sgemm_test_util.h"
#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace math = lite::x86::math;
using kernels::x86::ConvWinograd;

// The shape every Winograd case starts from: 3x3, stride 1, padding 1, 8 -> 8 channels at
// 16x16.
ConvCase Winograd3x3Case() {
  ConvCase p;
  p.c = 8;
  p.h = 16;
  p.w = 16;
  p.out_c = 8;
  p.kh = 3;
  p.kw = 3;
  p.paddings = {1, 1};
  return p;
}

// As ConvTolerance (conv_op_case.h), with the transforms' larger rounding.
Tolerance WinogradTolerance(const ConvCase& p) {
  const float sum_error = 1e-5f * (p.c / p.groups) * p.kh * p.kw;
  return {sum_error, 1e-4f + (p.act == "exp" ? sum_error : 0.f)};
}

// The rule's narrow clause, restated: F(4x4) GEMMs narrower than 32 blocks with at most 64
// input channels take F(2x2) instead (docs/x86_conv.md).
bool NarrowF4(const operators::ConvParam& param) {
  const DDim& x = param.x->dims();
  const DDim& out = param.output->dims();
  const int64_t blocks = x[0] * ((out[2] + 3) / 4) * ((out[3] + 3) / 4);
  return x[1] <= 64 && blocks < 32;
}

// Whether the x86 kernel's selection rule chose Winograd for its last run, and F(2x2, 3x3)
// (`f2`, or F(4x4) shapes the narrow clause moves to F(2x2)).
void ExpectChoice(KernelRun* x86, bool winograd, bool f2) {
  const operators::ConvParam& param = x86->kernel()->Param<operators::ConvParam>();
  math::WinogradVariant variant = math::WinogradVariant::kF4x4;
  const bool chose = ConvWinograd::Choose(param, &variant);
  EXPECT_EQ(chose, winograd);
  EXPECT_EQ(chose && variant == math::WinogradVariant::kF2x2, f2 || (winograd && NarrowF4(param)));
}

// Runs the x86 kernel (twice: the second run reuses the transformed filter and scratch)
// and the host kernel; `expect_winograd` is what the selection rule must have chosen.
void CompareWithHost(const ConvCase& p, uint32_t seed, int threads, bool expect_winograd,
                     bool expect_f2 = false) {
  SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads));
  const OpCase conv = MakeConv(p, MakeConvInputs(p, seed));
  KernelRun host(conv, kHostPlace, 1), x86(conv, kX86Place, threads);
  host.Run();
  for (int run = 0; run < 2; ++run) {
    x86.Run();
    ExpectChoice(&x86, expect_winograd, expect_f2);
    ExpectSameOutputs(&host, &x86, conv.outputs(), WinogradTolerance(p));
  }
}

using ConvWinogradX86 = X86KernelTest;

TEST_F(ConvWinogradX86, OddSizesAndChannelsOffTheTiles) {
  // Outputs not multiples of the 4x4 block, channels not multiples of the GEMM tiles.
  uint32_t seed = 1;
  for (auto hw : std::vector<std::pair<int, int>>{{13, 13}, {17, 14}, {15, 21}, {16, 16}}) {
    // Up to 64 input channels these planes take F(2x2) (narrow clause), 65 and 96 F(4x4).
    for (auto ch : std::vector<std::pair<int, int>>{
             {32, 32}, {33, 47}, {40, 35}, {64, 40}, {65, 33}, {96, 40}}) {
      ConvCase p = Winograd3x3Case();
      p.h = hw.first;
      p.w = hw.second;
      p.c = ch.first;
      p.out_c = ch.second;
      p.bias = seed % 2 == 0;
      CompareWithHost(p, seed++, 1, true);
    }
  }
}

TEST_F(ConvWinogradX86, EveryPaddingKind) {
  uint32_t seed = 100;
  const std::vector<std::vector<int>> paddings = {{0, 0},       {1, 1},       {2, 2},
                                                  {0, 1, 2, 0}, {1, 2, 0, 3}, {2, 0, 1, 1},
                                                  {0, 0, 1, 0}, {3, 3}};
  for (size_t i = 0; i < paddings.size(); ++i) {
    const std::vector<int>& pad = paddings[i];
    ConvCase p = Winograd3x3Case();
    p.h = 19;
    p.w = 18;
    p.c = i % 2 == 0 ? 36 : 72;  // F(2x2) by the narrow clause, F(4x4)
    p.out_c = 34;
    p.paddings = pad;
    p.bias = true;
    CompareWithHost(p, seed++, 1, true);
  }
  for (const std::string alg : {"SAME", "VALID"}) {
    ConvCase p = Winograd3x3Case();
    p.h = 18;
    p.w = 21;
    p.c = 33;
    p.out_c = 36;
    p.paddings = {2, 0, 1, 3};  // ignored by SAME/VALID
    p.padding_algorithm = alg;
    p.bias = true;
    CompareWithHost(p, seed++, 1, true);
  }
}

TEST_F(ConvWinogradX86, TinyPlanesInALargeBatch) {
  // 1x1 and 2x2 planes are one tile each: a batch of 16 gives the rule its 16 tiles, and
  // every tile is mostly padding.
  uint32_t seed = 200;
  for (int hw : {1, 2, 3}) {
    for (const std::vector<int>& pad : {std::vector<int>{1, 1}, std::vector<int>{0, 2, 2, 0}}) {
      ConvCase p = Winograd3x3Case();
      p.n = 16;
      p.h = hw;
      p.w = hw;
      p.c = 36;
      p.out_c = 33;
      p.paddings = pad;
      p.bias = true;
      p.act = "relu";
      CompareWithHost(p, seed++, 2, true);
    }
  }
}

TEST_F(ConvWinogradX86, SmallPlanesTakeF2x2) {
  // Too few 4x4 blocks, enough 2x2 ones: odd sizes, every padding kind, activations.
  uint32_t seed = 250;
  const std::vector<std::pair<int, int>> sizes = {{7, 7}, {8, 8}, {9, 11}, {12, 12}, {7, 13}};
  const std::vector<std::vector<int>> paddings = {{1, 1}, {0, 0}, {0, 1, 2, 0}, {2, 1}};
  for (size_t i = 0; i < sizes.size(); ++i) {
    ConvCase p = Winograd3x3Case();
    p.h = sizes[i].first + (paddings[i % paddings.size()] == std::vector<int>{0, 0} ? 2 : 0);
    p.w = sizes[i].second + (paddings[i % paddings.size()] == std::vector<int>{0, 0} ? 2 : 0);
    p.c = 33 + static_cast<int>(i) * 7;
    p.out_c = 35 + static_cast<int>(i) * 5;
    p.paddings = paddings[i % paddings.size()];
    p.bias = i % 2 == 0;
    p.act = i % 3 == 0 ? "relu6" : (i % 3 == 1 ? "leaky_relu" : "");
    CompareWithHost(p, seed++, 1 + static_cast<int>(i % 2), true, true);
  }
  ConvCase p = Winograd3x3Case();  // ResNet's last stage: 512 -> 512 at 7x7
  p.c = 512;
  p.out_c = 512;
  p.h = 7;
  p.w = 7;
  p.bias = true;
  p.act = "relu";
  CompareWithHost(p, seed++, 2, true, true);
}

TEST_F(ConvWinogradX86, EachFusedActivationWithAndWithoutBias) {
  uint32_t seed = 300;
  for (const std::string& act : FusableActivationTypes()) {
    for (bool bias : {false, true}) {
      ConvCase p = Winograd3x3Case();
      p.c = bias ? 72 : 34;  // F(4x4), F(2x2) by the narrow clause
      p.out_c = 38;
      p.h = 17;
      p.w = 15;
      p.bias = bias;
      p.act = act;
      p.act_approximate = bias;  // gelu: both forms
      CompareWithHost(p, seed++, 1, true);
    }
  }
  // relu6 with another threshold than 6.
  ConvCase p = Winograd3x3Case();
  p.c = 32;
  p.out_c = 32;
  p.bias = true;
  p.act = "relu6";
  p.act_threshold = 1.5f;
  CompareWithHost(p, 320, 1, true);
}

TEST_F(ConvWinogradX86, BatchAndThreads) {
  uint32_t seed = 400;
  for (int threads : {1, 2, 3}) {
    ConvCase p = Winograd3x3Case();
    p.n = 2;
    p.c = 40;
    p.out_c = 35;
    p.h = 23;
    p.w = 22;
    p.bias = true;
    p.act = "relu6";
    CompareWithHost(p, seed++, threads, true);
  }
  // ResNet-sized layer, several tile blocks: 64 -> 64 channels at 56x56.
  ConvCase p = Winograd3x3Case();
  p.c = 64;
  p.out_c = 64;
  p.h = 56;
  p.w = 56;
  p.bias = true;
  p.act = "relu";
  CompareWithHost(p, seed++, 2, true);
}

TEST_F(ConvWinogradX86, OtherShapesKeepIm2colGemm) {
  // Each case breaks one condition of the rule; the result must still be right.
  uint32_t seed = 500;
  ConvCase base = Winograd3x3Case();
  base.c = 32;  // in_c * out_c = 16 (in_c + out_c): just inside the rule
  base.out_c = 32;
  base.h = 16;
  base.w = 16;
  base.bias = true;

  ConvCase p = base;
  p.h = p.w = 5;  // 4 blocks of 4x4, 9 of 2x2: the GEMMs would be too narrow
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.c = 16;  // too few channels: 16 * 64 < 16 (16 + 64), SqueezeNet's 55x55 expand3x3
  p.out_c = 64;
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.out_c = 31;  // 32 * 31 < 16 (32 + 31)
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.strides = {2, 2};
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.strides = {1, 2};
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.dilations = {2, 2};
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.groups = 2;
  p.out_c = 64;
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.kh = p.kw = 5;
  p.paddings = {2, 2};
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.kh = 3;
  p.kw = 1;
  p.paddings = {1, 0};
  CompareWithHost(p, seed++, 1, false);
  p = base;
  p.kh = p.kw = 1;
  p.paddings = {0, 0};
  CompareWithHost(p, seed++, 1, false);
}

TEST_F(ConvWinogradX86, InputShapeChangesSwitchPaths) {
  // One kernel instance: a shape below the rule takes im2col + GEMM, a later larger one
  // transforms the filter on the spot and takes Winograd, and back.
  ConvCase p = Winograd3x3Case();
  p.c = 32;
  p.out_c = 40;
  p.bias = true;
  p.act = "relu";
  // (size, Winograd, F(2x2))
  struct SizeRun {
    int h, w;
    bool winograd, f2;
  };
  // 20x20 and 16x16 take F(2x2) by the narrow clause (ExpectChoice), 33x18 F(4x4).
  const std::vector<SizeRun> runs = {{5, 5, false, false},   {20, 20, true, false},
                                     {7, 7, true, true},     {3, 9, false, false},
                                     {33, 18, true, false},  {9, 10, true, true},
                                     {16, 16, true, false}};
  uint32_t seed = 600;
  // The filter and bias come from the first run's inputs; later runs change x only.
  ConvCase first = p;
  first.h = runs[0].h;
  first.w = runs[0].w;
  const OpCase conv = MakeConv(first, MakeConvInputs(first, seed));
  KernelRun host(conv, kHostPlace, 1), x86(conv, kX86Place, 2);
  for (const SizeRun& run : runs) {
    ConvCase q = p;
    q.h = run.h;
    q.w = run.w;
    SCOPED_TRACE(Describe(p) + " run at " + std::to_string(q.h) + "x" + std::to_string(q.w));
    const ConvInputs in = MakeConvInputs(q, seed++);
    for (KernelRun* r : {&host, &x86}) {
      r->Fill("x", DDim({q.n, q.c, q.h, q.w}), in.x);
      r->Run();
    }
    ExpectChoice(&x86, run.winograd, run.f2);
    ExpectSameOutputs(&host, &x86, conv.outputs(), WinogradTolerance(p));
  }
}

TEST_F(ConvWinogradX86, SelectionRuleOnResNetAndSqueezeNetShapes) {
  // The rule (docs/x86_conv.md): 3x3 stride 1, dilation 1, one group,
  // in_c * out_c >= 16 (in_c + out_c), >= 16 output blocks over the batch: of 4x4 for
  // F(4x4, 3x3), else of 2x2; F(2x2) also when F(4x4) has fewer than 32 blocks and
  // in_c <= 64.
  // Returns 0 for im2col + GEMM, 4 or 2 for the block size.
  auto choice = [](int n, int c, int out_c, int hw, int stride) {
    Tensor x, w, out;
    x.Resize({n, c, hw, hw});
    w.Resize({out_c, c, 3, 3});
    const int out_hw = (hw + 2 - 3) / stride + 1;
    out.Resize({n, out_c, out_hw, out_hw});
    operators::ConvParam param;
    param.x = &x;
    param.filter = &w;
    param.output = &out;
    param.strides = {stride, stride};
    param.paddings = {1, 1, 1, 1};
    math::WinogradVariant variant;
    if (!ConvWinograd::Choose(param, &variant)) return 0;
    EXPECT_TRUE(ConvWinograd::Suits(param));
    return variant == math::WinogradVariant::kF4x4 ? 4 : 2;
  };
  EXPECT_EQ(choice(1, 64, 64, 56, 1), 4);
  EXPECT_EQ(choice(1, 128, 128, 28, 1), 4);
  EXPECT_EQ(choice(1, 256, 256, 14, 1), 4);
  EXPECT_EQ(choice(1, 512, 512, 7, 1), 2);
  EXPECT_EQ(choice(4, 512, 512, 7, 1), 4);  // the batch makes the GEMMs wide enough
  EXPECT_EQ(choice(1, 64, 128, 56, 2), 0);
  EXPECT_EQ(choice(1, 16, 64, 55, 1), 0);  // SqueezeNet expand3x3: too few channels
  EXPECT_EQ(choice(1, 32, 128, 27, 1), 4);
  EXPECT_EQ(choice(1, 48, 192, 13, 1), 2);  // 16 blocks of 4x4, 48 input channels
  EXPECT_EQ(choice(1, 64, 256, 13, 1), 2);
  EXPECT_EQ(choice(1, 64, 256, 14, 1), 2);  // the same layers at 227x227
  EXPECT_EQ(choice(1, 32, 128, 28, 1), 4);  // 49 blocks
  EXPECT_EQ(choice(1, 65, 256, 13, 1), 4);  // 65 input channels
  EXPECT_EQ(choice(1, 64, 256, 21, 1), 4);  // 36 blocks
  EXPECT_EQ(choice(1, 64, 256, 20, 1), 2);  // 25 blocks
  EXPECT_EQ(choice(2, 64, 256, 14, 1), 4);  // 32 blocks over the batch
  EXPECT_EQ(choice(1, 3, 64, 224, 1), 0);  // 3 input channels
  EXPECT_EQ(choice(1, 8, 8, 64, 1), 0);
  EXPECT_EQ(choice(1, 64, 64, 5, 1), 0);   // 9 blocks of 2x2
}

TEST_F(ConvWinogradX86, WrongShapesGiveClearErrors) {
  Tensor x, w, out;
  operators::ConvParam param;
  param.x = &x;
  param.filter = &w;
  param.output = &out;
  param.paddings = {1, 1, 1, 1};
  w.Resize({32, 32, 5, 5});
  w.mutable_data<float>();
  ExpectErrorContaining([&] { ConvWinograd winograd(param); }, "3x3 stride-1");
  w.Resize({64, 16, 3, 3});
  w.mutable_data<float>();
  ExpectErrorContaining([&] { ConvWinograd winograd(param); }, "in_c * out_c >= 16");

  // A filter transformed for 32 -> 32 channels, then an input with 33.
  w.Resize({32, 32, 3, 3});
  std::fill_n(w.mutable_data<float>(), w.numel(), 0.5f);
  ConvWinograd winograd(param);
  x.Resize({1, 33, 16, 16});
  x.mutable_data<float>();
  out.Resize({1, 32, 16, 16});
  out.mutable_data<float>();
  KernelContext ctx;
  ExpectErrorContaining([&] { winograd.Run(param, ctx); }, "Input has 33 channels");
}

// ---- WinogradConv3x3 itself, against a plain loop, on every transform ISA.

std::vector<float> ReferenceConv(const math::WinogradConvShape& s, const std::vector<float>& x,
                                 const std::vector<float>& w, const std::vector<float>& bias,
                                 const Activation& act) {
  std::vector<float> out(static_cast<size_t>(s.batch) * s.out_c * s.out_h * s.out_w);
  for (int n = 0; n < s.batch; ++n) {
    for (int oc = 0; oc < s.out_c; ++oc) {
      for (int oy = 0; oy < s.out_h; ++oy) {
        for (int ox = 0; ox < s.out_w; ++ox) {
          double acc = bias.empty() ? 0.0 : bias[oc];
          for (int c = 0; c < s.in_c; ++c) {
            for (int ky = 0; ky < 3; ++ky) {
              for (int kx = 0; kx < 3; ++kx) {
                const int y = oy - s.pad_top + ky, xx = ox - s.pad_left + kx;
                if (y < 0 || y >= s.in_h || xx < 0 || xx >= s.in_w) continue;
                acc += static_cast<double>(
                           x[((static_cast<size_t>(n) * s.in_c + c) * s.in_h + y) * s.in_w + xx]) *
                       w[((static_cast<size_t>(oc) * s.in_c + c) * 3 + ky) * 3 + kx];
              }
            }
          }
          out[((static_cast<size_t>(n) * s.out_c + oc) * s.out_h + oy) * s.out_w + ox] =
              static_cast<float>(ActivateReference(acc, act));
        }
      }
    }
  }
  return out;
}

void CheckMath(const math::WinogradConvShape& s, const Activation& act, bool with_bias,
               uint32_t seed) {
  const std::vector<float> x =
      RandomVector(static_cast<size_t>(s.batch) * s.in_c * s.in_h * s.in_w, -2.f, 2.f, seed);
  const std::vector<float> w =
      RandomVector(static_cast<size_t>(s.out_c) * s.in_c * 9, -1.f, 1.f, seed + 1);
  const std::vector<float> bias =
      with_bias ? RandomVector(s.out_c, -1.f, 1.f, seed + 2) : std::vector<float>();
  const std::vector<float> expected = ReferenceConv(s, x, w, bias, act);
  for (math::WinogradVariant variant :
       {math::WinogradVariant::kF4x4, math::WinogradVariant::kF2x2}) {
  std::vector<float> filter(math::WinogradFilterSize(s.out_c, s.in_c, variant));
  math::WinogradTransformFilter(w.data(), s.out_c, s.in_c, filter.data(), variant);
  math::WinogradConvShape vs = s;
  vs.variant = variant;
  for (math::SgemmIsa isa : IsasToTest()) {
    for (int threads : {1, 2}) {
      SCOPED_TRACE(StrCat("batch=", s.batch, " in_c=", s.in_c, " in=", s.in_h, "x", s.in_w,
                          " out_c=", s.out_c, " out=", s.out_h, "x", s.out_w, " pad=", s.pad_top,
                          ",", s.pad_left, " act=", ActivationName(act), " bias=", with_bias,
                          " variant=", variant == math::WinogradVariant::kF4x4 ? "F4" : "F2",
                          " isa=", static_cast<int>(isa), " threads=", threads));
      ThreadPool pool(threads);
      math::SgemmOptions options;
      options.isa = isa;
      options.threads = threads;
      options.parallel_for = [&pool](int tasks, const std::function<void(int)>& task) {
        pool.ParallelFor(tasks, task);
      };
      std::vector<float> scratch(math::WinogradScratchSize(vs, threads));
      std::vector<float> out(expected.size(), std::nanf(""));
      math::WinogradConv3x3(vs, x.data(), filter.data(), with_bias ? bias.data() : nullptr, act,
                            out.data(), scratch.data(), scratch.size(), options);
      ExpectAllNear(out, expected, 1e-5f * 9 * s.in_c, 1e-4f);
    }
  }
  }
}

Activation Act(ActivationType kind) {
  Activation a;
  a.kind = kind;
  return a;
}

math::WinogradConvShape Shape(int batch, int in_c, int in_h, int in_w, int out_c, int pad_top,
                              int pad_bottom, int pad_left, int pad_right) {
  math::WinogradConvShape s;
  s.batch = batch;
  s.in_c = in_c;
  s.in_h = in_h;
  s.in_w = in_w;
  s.out_c = out_c;
  s.out_h = in_h + pad_top + pad_bottom - 2;
  s.out_w = in_w + pad_left + pad_right - 2;
  s.pad_top = pad_top;
  s.pad_left = pad_left;
  return s;
}

TEST(WinogradConv3x3, MatchesAPlainLoopOnEveryIsa) {
  uint32_t seed = 1000;
  CheckMath(Shape(1, 3, 1, 1, 2, 1, 1, 1, 1), Act(ActivationType::kNone), true, seed++);
  CheckMath(Shape(2, 5, 2, 2, 7, 1, 1, 1, 1), Act(ActivationType::kRelu), false, seed++);
  CheckMath(Shape(1, 4, 3, 5, 3, 0, 0, 0, 0), Act(ActivationType::kRelu6), true, seed++);
  CheckMath(Shape(2, 7, 11, 13, 9, 1, 1, 1, 1), Act(ActivationType::kNone), true, seed++);
  CheckMath(Shape(1, 6, 9, 10, 5, 2, 0, 0, 3), Act(ActivationType::kRelu), true, seed++);
  CheckMath(Shape(3, 17, 14, 9, 13, 0, 1, 2, 0), Act(ActivationType::kRelu6), false, seed++);
  CheckMath(Shape(1, 1, 30, 37, 1, 1, 1, 1, 1), Act(ActivationType::kNone), true, seed++);
  // Wide rows: the deinterleaved middle part of a row is long.
  CheckMath(Shape(1, 8, 6, 70, 6, 1, 2, 1, 2), Act(ActivationType::kRelu), true, seed++);
}

// Every activation in the output transform (F(4x4) and F(2x2), every transform ISA).
TEST(WinogradConv3x3, EveryActivationInTheOutputTransform) {
  uint32_t seed = 1050;
  for (const Activation& act : EveryActivation()) {
    CheckMath(Shape(1, 6, 9, 10, 5, 1, 1, 1, 1), act, true, seed++);
  }
}

TEST(WinogradConv3x3, ManyTileBlocks) {
  // 100 input channels and 25 tiles per row make an F(4x4) block 2 tile rows (64 tiles at
  // least, 512 KB of transformed input at most): block boundaries fall mid-image and a block
  // spans both images. The 130 output channels run in groups of 24 (F(4x4)) or 36 (F(2x2)),
  // the last of 10 or 22.
  CheckMath(Shape(2, 100, 18, 98, 130, 1, 1, 1, 1), Act(ActivationType::kRelu), true, 1100);
}

TEST(WinogradConv3x3, EmptyProblemsAndBadArguments) {
  math::WinogradConvShape s = Shape(1, 4, 8, 8, 4, 1, 1, 1, 1);
  std::vector<float> x(4 * 64, 1.f), w(4 * 4 * 9, 1.f), out(4 * 64);
  std::vector<float> filter(math::WinogradFilterSize(4, 4));
  math::WinogradTransformFilter(w.data(), 4, 4, filter.data());
  std::vector<float> scratch(math::WinogradScratchSize(s, 1));
  const Activation none;

  ExpectErrorContaining([&] {
    math::WinogradConv3x3(s, x.data(), filter.data(), nullptr, none, out.data(), scratch.data(),
                          scratch.size() - 1);
  }, "scratch of");
  ExpectErrorContaining([&] {
    math::WinogradConv3x3(s, nullptr, filter.data(), nullptr, none, out.data(), scratch.data(),
                          scratch.size());
  }, "null input");
  ExpectErrorContaining([&] {
    math::WinogradConv3x3(s, x.data(), filter.data(), nullptr, none, nullptr, scratch.data(),
                          scratch.size());
  }, "null output");
  math::SgemmOptions zero_threads;
  zero_threads.threads = 0;
  ExpectErrorContaining([&] {
    math::WinogradConv3x3(s, x.data(), filter.data(), nullptr, none, out.data(), scratch.data(),
                          scratch.size(), zero_threads);
  }, "threads=0");
  math::WinogradConvShape negative = s;
  negative.in_h = -1;
  ExpectErrorContaining([&] { math::WinogradScratchSize(negative, 1); }, "negative size");
  ExpectErrorContaining([&] { math::WinogradTransformFilter(w.data(), -1, 4, filter.data()); },
                        "negative size");

  // No output: nothing is touched, not even the (null) buffers.
  math::WinogradConvShape empty = s;
  empty.batch = 0;
  EXPECT_NO_THROW(math::WinogradConv3x3(empty, nullptr, nullptr, nullptr, none, nullptr, nullptr,
                                        0));
  // No input channels: the output is the bias.
  math::WinogradConvShape no_in = s;
  no_in.in_c = 0;
  const std::vector<float> bias = {1.f, -2.f, 3.f, 8.f};
  std::vector<float> no_in_scratch(math::WinogradScratchSize(no_in, 1));
  math::WinogradConv3x3(no_in, nullptr, nullptr, bias.data(), Act(ActivationType::kRelu6),
                        out.data(), no_in_scratch.data(), no_in_scratch.size());
  for (int oc = 0; oc < 4; ++oc) {
    EXPECT_EQ(out[oc * 64], std::min(std::max(bias[oc], 0.f), 6.f));
    EXPECT_EQ(out[oc * 64 + 63], std::min(std::max(bias[oc], 0.f), 6.f));
  }
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
