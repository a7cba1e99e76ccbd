// conv2d's few-input-channel direct path (conv_small_c_compute.h, math/conv_small_c.h)
// against the host kernel (the reference) and a plain loop, on the AVX2 tiles (forced) and
// the AVX-512 ones (where the CPU has them): kernel sizes, strides, paddings (asymmetric,
// SAME/VALID), in_c 1..4, out_c off the 8-channel blocks, odd and 1x1 spatial sizes, batch,
// bias, every fused activation, 1 and 2 threads, shape changes, and the error paths.
//
// Tolerance: K = in_c * kh * kw products of |x| <= 2 and |w| <= 1 summed in another order:
// |x86 - host| <= 4e-6 * K + 1e-5 * |host|. An indexing or epilogue bug is off by O(1).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "lite/backends/x86/math/conv/conv_small_c.h"
#include "lite/kernels/x86/conv_small_c_compute.h"
#include "lite/tests/kernels/conv_op_case.h"
#include "lite/tests/kernels/x86/isa_switch_test.h"
#include "lite/tests/kernels/x86/x86_vs_host.h"

namespace paddle {
namespace lite {
namespace test {
namespace {

namespace math = lite::x86::math;

class ConvSmallCX86
    : public IsaSwitchTest<math::SmallCConvAllowAvx512, math::SmallCConvUsesAvx512> {
 protected:
  void Compare(const ConvCase& p, uint32_t seed, int threads = 1) {
    SCOPED_TRACE(Describe(p) + " threads=" + std::to_string(threads) +
                 " avx512=" + std::to_string(math::SmallCConvUsesAvx512()));
    ExpectX86MatchesHost(MakeConv(p, MakeConvInputs(p, seed)), ConvTolerance(p), threads);
  }
};

TEST_P(ConvSmallCX86, KernelsStridesPaddings) {
  uint32_t seed = 1;
  const std::vector<std::vector<int>> paddings = {{0, 0}, {1, 1}, {3, 3}, {0, 1, 2, 0},
                                                  {2, 0, 1, 3}};
  for (int k : {1, 3, 5, 7}) {
    for (int stride : {1, 2}) {
      for (const auto& pad : paddings) {
        ConvCase p = SquareConv(1 + seed % 4, 5 + 7 * (seed % 5), 13 + seed % 3,
                                17 + 2 * (seed % 4), k, stride, pad);
        p.bias = seed % 2 == 0;
        Compare(p, seed++);
      }
    }
  }
}

TEST_P(ConvSmallCX86, FirstLayersOfTheBenchmarkModels) {
  // ResNet18, SqueezeNet1.1, MobileNetV1/V2, ShuffleNetV2 stems (smaller images, same
  // geometry), 1 and 2 threads.
  for (int threads : {1, 2}) {
    ConvCase resnet = SquareConv(3, 64, 64, 58, 7, 2, {3, 3});
    Compare(resnet, 10, threads);
    ConvCase squeeze = SquareConv(3, 64, 47, 47, 3, 2, {0, 0});
    squeeze.bias = true;
    squeeze.act = "relu";
    Compare(squeeze, 11, threads);
    ConvCase mobilenet = SquareConv(3, 32, 48, 40, 3, 2, {1, 1});
    mobilenet.act = "relu6";
    Compare(mobilenet, 12, threads);
    ConvCase shuffle = SquareConv(3, 24, 33, 31, 3, 2, {1, 1});
    shuffle.bias = true;
    shuffle.act = "relu";
    Compare(shuffle, 13, threads);
  }
}

TEST_P(ConvSmallCX86, OutputChannelsAndWidthsOffTiles) {
  uint32_t seed = 100;
  for (int out_c : {1, 3, 4, 5, 8, 9, 24, 33}) {
    for (int w : {1, 7, 8, 16, 31, 48, 49, 97}) {
      ConvCase p = SquareConv(3, out_c, 5, w, 3, 1, {1, 1});
      p.bias = true;
      Compare(p, seed++);
    }
  }
}

TEST_P(ConvSmallCX86, OneByOneInputsAndBatch) {
  ConvCase p = SquareConv(3, 10, 1, 1, 3, 1, {1, 1});
  p.n = 2;
  p.bias = true;
  Compare(p, 200);
  p = SquareConv(2, 17, 1, 1, 7, 2, {3, 3});
  p.n = 2;
  Compare(p, 201, 2);
  p = SquareConv(4, 12, 9, 11, 3, 2, {1, 1});
  p.n = 3;
  p.bias = true;
  p.act = "leaky_relu";
  Compare(p, 202, 2);
}

TEST_P(ConvSmallCX86, RectangularKernelsStridesAndStrideThree) {
  ConvCase p = SquareConv(3, 9, 14, 19, 3, 1, {1, 0, 2, 1});
  p.kw = 5;
  p.strides = {1, 2};
  p.bias = true;
  Compare(p, 300);
  p.kh = 2;
  p.kw = 1;
  p.strides = {3, 1};
  Compare(p, 301);
  p = SquareConv(3, 16, 23, 25, 4, 3, {1, 1});
  Compare(p, 302, 2);
}

TEST_P(ConvSmallCX86, PaddingAlgorithms) {
  uint32_t seed = 400;
  for (const std::string alg : {"SAME", "VALID"}) {
    for (int stride : {1, 2}) {
      for (int k : {3, 7}) {
        ConvCase p = SquareConv(3, 11, 15, 12, k, stride, {5, 5});  // paddings ignored
        p.padding_algorithm = alg;
        p.bias = true;
        Compare(p, seed++);
      }
    }
  }
}

TEST_P(ConvSmallCX86, EachFusedActivation) {
  uint32_t seed = 500;
  for (const std::string& act : FusableActivationTypes()) {
    for (bool bias : {false, true}) {
      ConvCase p = SquareConv(3, 13, 11, 21, 3, 2, {1, 1});
      p.bias = bias;
      p.act = act;
      p.act_approximate = bias;  // gelu: both forms
      Compare(p, seed++);
      Compare(p, seed++, 2);
    }
  }
  ConvCase p = SquareConv(3, 8, 9, 9, 3, 1, {1, 1});
  p.bias = true;
  p.act = "relu6";
  p.act_threshold = 1.5f;
  Compare(p, 600);
}

TEST_P(ConvSmallCX86, ShapeChangesBetweenRuns) {
  ConvCase p = SquareConv(3, 20, 16, 16, 3, 2, {1, 1});
  p.bias = true;
  p.act = "relu";
  const ConvInputs first = MakeConvInputs(p, 700);
  KernelRun host(MakeConv(p, first), kHostPlace, 1), x86(MakeConv(p, first), kX86Place, 2);
  for (auto hw : std::vector<std::pair<int, int>>{{16, 16}, {40, 9}, {1, 1}, {5, 70}}) {
    SCOPED_TRACE(Describe(p) + " run at " + std::to_string(hw.first) + "x" +
                 std::to_string(hw.second));
    ConvCase q = p;
    q.h = hw.first;
    q.w = hw.second;
    const ConvInputs in = MakeConvInputs(q, 701);
    for (KernelRun* run : {&host, &x86}) {
      run->Fill("x", DDim({q.n, q.c, q.h, q.w}), in.x);
      run->Run();
    }
    ExpectSameOutputs(&host, &x86, {"out"}, ConvTolerance(p));
  }
}

// The math routine against a plain loop, on row ranges as threads take them.
TEST_P(ConvSmallCX86, RowRangesMatchAPlainLoop) {
  math::SmallCConvShape s;
  s.in_c = 3;
  s.in_h = 19;
  s.in_w = 23;
  s.out_c = 11;
  s.kernel_h = 5;
  s.kernel_w = 3;
  s.stride_h = 2;
  s.stride_w = 3;
  s.pad_top = 2;
  s.pad_left = 1;
  s.out_h = (s.in_h + 2 * s.pad_top - s.kernel_h) / s.stride_h + 1;
  s.out_w = (s.in_w + 2 * s.pad_left - s.kernel_w) / s.stride_w + 1;
  const int taps = s.in_c * s.kernel_h * s.kernel_w;
  const std::vector<float> x = RandomVector(s.in_c * s.in_h * s.in_w, -2.f, 2.f, 800);
  const std::vector<float> w = RandomVector(s.out_c * taps, -1.f, 1.f, 801);
  const std::vector<float> bias = RandomVector(s.out_c, -1.f, 1.f, 802);
  std::vector<float> packed(math::SmallCPackedSize(s.out_c, s.in_c, s.kernel_h, s.kernel_w));
  math::SmallCPackFilter(w.data(), bias.data(), s.out_c, s.in_c, s.kernel_h, s.kernel_w,
                         packed.data());
  std::vector<float> scratch(math::SmallCScratchSize(s));
  std::vector<float> out(s.out_c * s.out_h * s.out_w, -99.f);
  Activation relu;
  relu.kind = ActivationType::kRelu;
  for (int oy0 = 0; oy0 < s.out_h; oy0 += 3) {  // ranges not multiples of the chunk rows
    math::SmallCConvRows(s, x.data(), packed.data(), relu, oy0, std::min(s.out_h, oy0 + 3),
                         scratch.data(), out.data());
  }
  for (int oc = 0; oc < s.out_c; ++oc) {
    for (int oy = 0; oy < s.out_h; ++oy) {
      for (int ox = 0; ox < s.out_w; ++ox) {
        double sum = bias[oc];
        for (int c = 0; c < s.in_c; ++c) {
          for (int ky = 0; ky < s.kernel_h; ++ky) {
            for (int kx = 0; kx < s.kernel_w; ++kx) {
              const int iy = oy * s.stride_h - s.pad_top + ky;
              const int ix = ox * s.stride_w - s.pad_left + kx;
              if (iy < 0 || iy >= s.in_h || ix < 0 || ix >= s.in_w) continue;
              sum += static_cast<double>(w[((oc * s.in_c + c) * s.kernel_h + ky) * s.kernel_w +
                                           kx]) *
                     x[(c * s.in_h + iy) * s.in_w + ix];
            }
          }
        }
        const float expected = sum > 0 ? static_cast<float>(sum) : 0.f;
        ASSERT_NEAR(out[(oc * s.out_h + oy) * s.out_w + ox], expected, 1e-4f)
            << "oc " << oc << " oy " << oy << " ox " << ox;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Isa, ConvSmallCX86, ::testing::Bool(), IsaParamName);

using ConvSmallCSelection = X86KernelTest;

TEST_F(ConvSmallCSelection, SuitsFewChannelsOneGroupNoDilation) {
  Tensor x, w, out;
  x.Resize(DDim({1, 3, 16, 16}));
  w.Resize(DDim({8, 3, 3, 3}));
  out.Resize(DDim({1, 8, 16, 16}));
  operators::ConvParam param;
  param.x = &x;
  param.filter = &w;
  param.output = &out;
  param.strides = {1, 1};
  param.paddings = {1, 1, 1, 1};
  param.dilations = {1, 1};
  param.groups = 1;
  EXPECT_TRUE(kernels::x86::ConvSmallC::Suits(param));
  param.dilations = {2, 2};
  EXPECT_FALSE(kernels::x86::ConvSmallC::Suits(param));
  param.dilations = {1, 1};
  x.Resize(DDim({1, 16, 16, 16}));
  w.Resize(DDim({8, 16, 3, 3}));
  EXPECT_FALSE(kernels::x86::ConvSmallC::Suits(param));  // too many input channels
  x.Resize(DDim({1, 4, 16, 16}));
  w.Resize(DDim({8, 2, 3, 3}));
  param.groups = 2;
  EXPECT_FALSE(kernels::x86::ConvSmallC::Suits(param));
}

TEST_F(ConvSmallCSelection, ErrorsNameTheProblem) {
  Tensor x, w, out;
  x.Resize(DDim({1, 3, 8, 8}));
  w.Resize(DDim({4, 3, 3, 3}));
  w.mutable_data<float>();
  out.Resize(DDim({1, 4, 8, 8}));
  operators::ConvParam param;
  param.x = &x;
  param.filter = &w;
  param.output = &out;
  param.strides = {1, 1};
  param.paddings = {1, 1, 1, 1};
  param.dilations = {2, 2};
  param.groups = 1;
  EXPECT_THROW(kernels::x86::ConvSmallC{param}, lite_api::PaddleLiteException);
  param.dilations = {1, 1};
  Tensor bias;
  bias.Resize(DDim({3}));
  bias.mutable_data<float>();
  param.bias = &bias;
  EXPECT_THROW(kernels::x86::ConvSmallC{param}, lite_api::PaddleLiteException);
  param.bias = nullptr;
  kernels::x86::ConvSmallC conv(param);
  x.Resize(DDim({1, 2, 8, 8}));  // not the channels the filter was packed for
  x.mutable_data<float>();
  out.mutable_data<float>();
  KernelContext ctx;
  EXPECT_THROW(conv.Run(param, ctx), lite_api::PaddleLiteException);
}

}  // namespace
}  // namespace test
}  // namespace lite
}  // namespace paddle
